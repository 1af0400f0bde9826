/** Starts the app (loaded by main.tsx). */
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { LANDING_NAMESPACES, preloadLanding, preloadPage } from "./app/router";
import i18n, { currentLocale, i18nReady } from "./lib/i18n";
import { pageAdoptedWithin } from "./lib/page-adopted";
import { rememberTimeZone, setRendered } from "./lib/server-rendered";
import { registerServiceWorker } from "./lib/service-worker";
import { reportWebVitals } from "./lib/web-vitals";

/** How long a press held during the boot waits for the page's adoption once React has started. */
const ADOPTION_WAIT_MS = 5_000;

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * Starts the app on the page: adopts the markup of a page that arrived rendered, else renders it.
 * Resolves once the page on screen is React's (see page-adopted.ts), or ADOPTION_WAIT_MS after
 * React started if it never becomes so. The service worker's precaching waits until then, so it
 * never shares the network with the page's own code.
 */
export async function start(root: HTMLElement): Promise<void> {
  reportWebVitals();
  rememberTimeZone();
  const adopted = root.dataset.rendered ? adoptRenderedPage(root) : adoptOrRender(root);
  void adopted.then(registerServiceWorker);
  return adopted;
}

/**
 * "/" arrives prerendered (dist/landing.<lang>.html, see server-render.tsx): once its code and
 * texts are here, React adopts that markup. When it was rendered in another language than the one
 * picked here (e.g. a choice remembered before the language cookie existed), it is replaced.
 */
async function adoptOrRender(root: HTMLElement): Promise<void> {
  const prerendered = root.dataset.prerendered;
  if (prerendered && window.location.pathname === "/") {
    try {
      await i18nReady;
      if (currentLocale() === prerendered) {
        await Promise.all([
          i18n.loadNamespaces(["common", ...LANDING_NAMESPACES]),
          preloadLanding(),
        ]);
        // In a transition: adopting the markup is sliced like a first render (ADR 084).
        startTransition(() => {
          hydrateRoot(root, app);
        });
        return pageAdoptedWithin(ADOPTION_WAIT_MS);
      }
    } catch {
      // A chunk that failed to load: render from scratch below (lazy routes retry on their own).
    }
  }
  return renderFromScratch(root);
}

/** Renders the page in the browser, replacing whatever markup `root` holds. */
function renderFromScratch(root: HTMLElement): Promise<void> {
  // A transition: React renders the first screen in slices of a few milliseconds, so a phone's
  // main thread is never held for the whole render at once (ADR 076).
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
  return pageAdoptedWithin(ADOPTION_WAIT_MS);
}

/**
 * A member page the server rendered (ADR 084): once its code and texts are here, React adopts the
 * markup with the time zone and instant it was rendered with, then shows the device's. A page
 * rendered in another language than the one picked here is rendered again.
 */
async function adoptRenderedPage(root: HTMLElement): Promise<void> {
  const { rendered, tz, at } = root.dataset;
  try {
    await i18nReady;
    if (currentLocale() === rendered) {
      await Promise.all([
        i18n.loadNamespaces(["common", "errors"]),
        preloadPage(window.location.pathname),
      ]);
      setRendered({ timeZone: tz || "UTC", at: Number(at) || Date.now() });
      // In a transition too: adopting the markup is sliced like a first render.
      startTransition(() => {
        hydrateRoot(root, app);
      });
      return pageAdoptedWithin(ADOPTION_WAIT_MS).finally(() => setRendered(undefined));
    }
  } catch {
    // A chunk that failed to load: render from scratch below (lazy routes retry on their own).
  }
  return renderFromScratch(root);
}
