import { startTransition, useCallback, useEffect, useRef, useState } from "react";

/**
 * A part of the page whose code is not in the first script (ADR 076): its code is fetched when
 * the browser is first idle, or earlier on the intent to use it (hover or focus of its look-alike
 * placeholder), and `wanted` turns true once it has arrived, so the placeholder stays (and keeps
 * the click it is receiving) until the part can replace it. A failed fetch (offline, a replaced
 * release) leaves the placeholder: the next intent, or the connection coming back, tries again.
 */
export function useLoadOnIntent(load: () => Promise<unknown>) {
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => {
    load().then(
      () => startTransition(() => setWanted(true)),
      () => {}, // the placeholder stays; the next intent or the connection coming back retries
    );
  }, [load]);
  useEffect(() => {
    if (wanted) return;
    window.addEventListener("online", want);
    let cancel: () => void;
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(want, { timeout: 2500 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = globalThis.setTimeout(want, 1200);
      cancel = () => globalThis.clearTimeout(id);
    }
    return () => {
      cancel();
      window.removeEventListener("online", want);
    };
  }, [wanted, want]);
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
    // Radix opens its menu on pointerdown, not on click: the placeholder does the same, so a press
    // whose click lands on the real trigger (it replaced the placeholder in between) still opens it.
    onPointerDown: (event: { button: number; ctrlKey: boolean }) => {
      if (event.button !== 0 || event.ctrlKey) return;
      startTransition(() => setDefaultOpen(true));
      want();
    },
    // The keyboard (Enter, Space) clicks without a pointer.
    onClick: () => {
      startTransition(() => setDefaultOpen(true));
      want();
    },
  };
  return { wanted, defaultOpen, focusTrigger: focused.current, placeholderProps };
}

/**
 * The open state of a menu that replaced its placeholder: open at once when the placeholder was
 * pressed before, and also when the press reaches it just after (the pointer went down on the
 * placeholder in the moment the menu replaced it, so the real trigger never saw that press).
 */
export function useRequestedOpen(requested: boolean) {
  const [open, setOpen] = useState(requested);
  useEffect(() => {
    if (requested) setOpen(true);
  }, [requested]);
  return [open, setOpen] as const;
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
