import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React renders the prerendered landing page (build time) and while it adopts that
 * markup in the browser; true afterwards and in every page rendered in the browser. Parts that
 * depend on what only the browser knows (who is signed in, the theme) wait for it, so the markup
 * adopted is exactly the markup prerendered.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
