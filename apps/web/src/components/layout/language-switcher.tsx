import { LOCALES } from "@viewvault/shared";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toSupportedLocale } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/** EN / PT-BR segmented switch; the choice is remembered by the language detector. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("common");
  const current = toSupportedLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <fieldset
      className={cn(
        "m-0 flex items-center gap-0.5 rounded-md border bg-background p-0.5 text-xs font-semibold",
        className,
      )}
    >
      <legend className="sr-only">{t("language.label")}</legend>
      <Languages aria-hidden="true" className="mx-1 hidden size-4 text-muted-foreground lg:block" />
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          aria-pressed={current === locale}
          onClick={() => void i18n.changeLanguage(locale)}
          className={cn(
            "h-8 cursor-pointer rounded-sm px-1.5 whitespace-nowrap transition-colors sm:px-2 outline-none focus-visible:ring-2 focus-visible:ring-ring",
            current === locale
              ? "bg-primary text-primary-foreground"
              : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
          )}
        >
          {/* The visible code starts the name, so speech control ("click PT-BR") finds it. */}
          <span lang={locale}>{t(`language.${locale}`)}</span>
          <span className="sr-only"> {t(`language.switchTo.${locale}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
