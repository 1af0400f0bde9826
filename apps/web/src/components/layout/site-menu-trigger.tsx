import { Menu } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Icon and (on wide screens) the "Menu" label shared by the placeholder and the real trigger. */
export function MenuTriggerContent() {
  const { t } = useTranslation("common");
  return (
    <>
      <Menu aria-hidden="true" />
      <span className="hidden lg:inline">{t("menu.label")}</span>
    </>
  );
}
