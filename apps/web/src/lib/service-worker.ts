/**
 * Registers the service worker that vite-plugin-pwa writes into production builds (dist/sw.js,
 * ADR 034): installable app, offline page. Never in the dev server, which has no sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // No service worker (private mode, an old browser): the app works as a plain web site.
    });
  };
  // After the page has loaded (and, boot.tsx, been adopted), so precaching never competes with
  // the page's own files.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
