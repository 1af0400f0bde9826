import { type ComponentType, lazy, useEffect, useState } from "react";

/**
 * Loads code once and shares it: a failed load is forgotten, so the next call tries again (the
 * connection is back, or the file is fetched anew) instead of repeating the old failure.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  const get = () => {
    pending ??= load().then(
      (result) => {
        value = result;
        return result;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(get, { loaded: () => value });
}

/**
 * `React.lazy` for a part of a page (a dialog, a menu, a chart, the toasts) whose code comes
 * after the first script (ADR 076). Its file can fail to arrive — the connection dropped, or a
 * new release replaced it — and that must not take the page down: a part that could not load
 * renders nothing and loads again when the browser is back online or the part is shown again,
 * then appears. `preload` fetches it ahead (idle time, hover, focus); a part already loaded
 * renders at once, without suspending.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const code = loadOnce(load);

  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level.
  function Unavailable(props: P) {
    const [, setArrived] = useState(false);
    useEffect(() => {
      let mounted = true;
      const retry = () => {
        code().then(
          () => mounted && setArrived(true),
          () => {},
        );
      };
      if (navigator.onLine) retry();
      window.addEventListener("online", retry);
      return () => {
        mounted = false;
        window.removeEventListener("online", retry);
      };
    }, []);
    const Loaded = code.loaded();
    return Loaded ? <Loaded {...props} /> : null;
  }

  const Lazy = lazy(() =>
    code().then(
      (Component) => ({ default: Component }),
      () => ({ default: Unavailable }),
    ),
  );

  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level.
  function Part(props: P) {
    // One component for the part's lifetime: switching from Lazy to the loaded one would
    // remount it (a dialog would lose what the member typed).
    const [Component] = useState<ComponentType<P>>(() => code.loaded() ?? Lazy);
    return <Component {...props} />;
  }
  Part.preload = code;
  return Part;
}
