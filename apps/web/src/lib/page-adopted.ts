import { useEffect } from "react";

/**
 * When the page on screen is React's: its content rendered, or — for the prerendered landing page
 * (ADR 065) — its markup adopted. React adopts the prerendered markup in passes, the outer shell
 * first and each Suspense boundary's content later, so the app's own first effect comes too early:
 * a language chosen in between made the content render in the other language than its markup.
 */
let markAdopted: () => void = () => {};
const pageAdopted = new Promise<void>((resolve) => {
  markAdopted = resolve;
});

/**
 * Once React has started rendering: resolves when the page is adopted, or after `ms` at the
 * latest. A page that failed outside the router's error page never is, and what waits on this
 * (a press held during the boot, main.tsx) must not wait for ever.
 */
export function pageAdoptedWithin(ms: number): Promise<void> {
  return Promise.race([pageAdopted, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

/**
 * Rendered inside the innermost boundary around the page's content (and by the error page): its
 * effect runs once that content is React's. Marks `<html data-hydrated>` for tests and audits.
 */
export function PageAdopted() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    markAdopted();
  }, []);
  return null;
}
