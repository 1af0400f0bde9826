import { startTransition, useEffect, useRef, useState } from "react";

/**
 * A part of the page whose code is not in the first script (ADR 076): it is wanted when the
 * browser is first idle, or earlier on the intent to use it (hover or focus of its look-alike
 * placeholder). `want` starts the download and, in a transition, asks for the part, so the
 * placeholder stays (and keeps the click it is receiving) until the part is ready to replace it.
 */
export function useLoadOnIntent(load: () => Promise<unknown>) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const start = () => startTransition(() => setWanted(true));
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(start, { timeout: 2500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = globalThis.setTimeout(start, 1200);
    return () => globalThis.clearTimeout(id);
  }, []);
  const want = () => {
    void load();
    startTransition(() => setWanted(true));
  };
  return { wanted, want };
}

/**
 * A dropdown menu whose code loads on intent, behind a look-alike placeholder button: a click on
 * the placeholder opens the menu as soon as it has arrived, and keyboard focus moves to the real
 * trigger when it replaces a focused placeholder. Spread `placeholderProps` on the placeholder;
 * pass `defaultOpen` and `focusTrigger` to the menu once `wanted`.
 */
export function useLazyMenu(load: () => Promise<unknown>) {
  const { wanted, want } = useLoadOnIntent(load);
  const [defaultOpen, setDefaultOpen] = useState(false);
  const focused = useRef(false);
  const placeholderProps = {
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    onPointerEnter: want,
    onFocus: () => {
      focused.current = true;
      want();
    },
    onBlur: () => {
      focused.current = false;
    },
    onClick: () => {
      startTransition(() => setDefaultOpen(true));
      want();
    },
  };
  return { wanted, defaultOpen, focusTrigger: focused.current, placeholderProps };
}

/** The real trigger of a menu that replaced a focused placeholder takes the focus (once). */
export function useFocusOnMount<T extends HTMLElement>(focus: boolean) {
  const ref = useRef<T>(null);
  const once = useRef(focus);
  useEffect(() => {
    if (once.current) ref.current?.focus();
  }, []);
  return ref;
}
