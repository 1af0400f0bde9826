import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { lazyPart } from "@/lib/lazy-part";
import { useLazyMenu } from "@/lib/use-load-on-intent";
import { MenuTriggerContent } from "./site-menu-trigger";

const SiteMenuDropdown = lazyPart(() =>
  import("./site-menu-dropdown").then((module) => module.SiteMenuDropdown),
);

/**
 * The menu's Radix code is not needed to paint the page: a look-alike button is shown first,
 * the dropdown loads when the browser is idle (or on first hover/focus), and a click made
 * before it arrives opens it as soon as it does.
 */
export function SiteMenu() {
  const { t } = useTranslation("common");
  const menu = useLazyMenu(SiteMenuDropdown.preload);
  const placeholder = (
    <Button
      variant="outline"
      className="px-3"
      aria-label={t("a11y.openMenu")}
      {...menu.placeholderProps}
    >
      <MenuTriggerContent />
    </Button>
  );
  // One boundary throughout: the placeholder is only replaced once the dropdown has loaded.
  return (
    <Suspense fallback={placeholder}>
      {menu.wanted ? (
        <SiteMenuDropdown defaultOpen={menu.defaultOpen} focusTrigger={menu.focusTrigger} />
      ) : (
        placeholder
      )}
    </Suspense>
  );
}
