import { loadOnce } from "./lazy-part";

/**
 * The app's toasts, with sonner's own calls (`toast.success`, `toast.error`, `toast.dismiss`)
 * but without sonner in any page's first script (ADR 076): the library is fetched after the first
 * render (providers.tsx mounts its Toaster then), and a toast raised before it has arrived is
 * shown as soon as it has.
 */
type Sonner = typeof import("sonner");
type Toast = Sonner["toast"];

/** Fetches sonner once (the Toaster's chunk is the same one); a failed fetch is tried again. */
export const loadSonner = loadOnce(() => import("sonner"));

const call =
  <K extends "success" | "error" | "dismiss">(kind: K) =>
  (...args: Parameters<Toast[K]>): void => {
    const run = (module: Sonner) => (module.toast[kind] as (...a: typeof args) => unknown)(...args);
    const sonner = loadSonner.loaded();
    if (sonner) run(sonner);
    else
      void loadSonner()
        .then(run)
        .catch(() => {
          // Offline before the chunk arrived: the page still says what happened in its own words.
        });
  };

export const toast = {
  success: call("success"),
  error: call("error"),
  dismiss: call("dismiss"),
};
