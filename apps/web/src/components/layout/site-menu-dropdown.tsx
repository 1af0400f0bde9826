import { Download } from "lucide-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { currentLocale } from "@/lib/i18n";
import { useFocusOnMount, useRequestedOpen } from "@/lib/use-load-on-intent";
import { documentPdfHref, MENU_GROUPS } from "./navigation";
import { MenuTriggerContent } from "./site-menu-trigger";

/** The top bar's dropdown: Functional, Institutional and Downloads groups. */
export function SiteMenuDropdown({
  defaultOpen = false,
  focusTrigger = false,
}: {
  defaultOpen?: boolean;
  /** Keeps keyboard focus when this replaces a focused placeholder button. */
  focusTrigger?: boolean;
}) {
  const { t } = useTranslation("common");
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger && !defaultOpen);
  const [open, setOpen] = useRequestedOpen(defaultOpen);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="outline" className="px-3" aria-label={t("a11y.openMenu")}>
          <MenuTriggerContent />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" aria-label={t("a11y.mainMenu")}>
        {MENU_GROUPS.map((group, index) => (
          <Fragment key={group.id}>
            {index > 0 ? <DropdownMenuSeparator /> : null}
            <DropdownMenuGroup>
              <DropdownMenuLabel>{t(`menu.groups.${group.id}`)}</DropdownMenuLabel>
              {group.links.map(({ to, labelKey, icon: Icon }) => (
                <DropdownMenuItem key={to} asChild>
                  <Link to={to}>
                    <Icon aria-hidden="true" />
                    {t(labelKey)}
                  </Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          </Fragment>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuLabel>{t("menu.groups.downloads")}</DropdownMenuLabel>
          <DropdownMenuItem asChild>
            <a href={documentPdfHref("official", currentLocale())} download>
              <Download aria-hidden="true" />
              {t("menu.items.officialPdf")}
            </a>
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
