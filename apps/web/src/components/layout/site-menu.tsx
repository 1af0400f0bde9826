import { lazy, Suspense, startTransition, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { MenuTriggerContent } from "./site-menu-trigger";

const loadDropdown = () => import("./site-menu-dropdown");
const SiteMenuDropdown = lazy(() =>
  loadDropdown().then((module) => ({ default: module.SiteMenuDropdown })),
);

/**
 * The menu's Radix code is not needed to paint the page: a look-alike button is shown first,
 * the dropdown loads when the browser is idle (or on first hover/focus), and a click made
 * before it arrives opens it as soon as it does.
 */
export function SiteMenu() {
  const { t } = useTranslation("common");
  const [wanted, setWanted] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const placeholderFocused = useRef(false);

  // In a transition, so the placeholder stays (and keeps receiving the click whose mousedown
  // asked for the dropdown) until the dropdown is ready to replace it.
  const want = () => startTransition(() => setWanted(true));

  useEffect(() => {
    const start = () => startTransition(() => setWanted(true));
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(start, { timeout: 2500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = globalThis.setTimeout(start, 1200);
    return () => globalThis.clearTimeout(id);
  }, []);

  const placeholder = (
    <Button
      variant="outline"
      className="px-3"
      aria-label={t("a11y.openMenu")}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => {
        void loadDropdown();
        want();
      }}
      onFocus={() => {
        placeholderFocused.current = true;
        void loadDropdown();
        want();
      }}
      onBlur={() => {
        placeholderFocused.current = false;
      }}
      onClick={() => {
        startTransition(() => {
          setOpenOnLoad(true);
          setWanted(true);
        });
      }}
    >
      <MenuTriggerContent />
    </Button>
  );

  // One boundary throughout: the placeholder is only replaced once the dropdown has loaded.
  return (
    <Suspense fallback={placeholder}>
      {wanted ? (
        <SiteMenuDropdown defaultOpen={openOnLoad} focusTrigger={placeholderFocused.current} />
      ) : (
        placeholder
      )}
    </Suspense>
  );
}
