import { PRODUCT_NAME } from "@viewvault/shared";
import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHydrated } from "@/lib/use-hydrated";
import { BrandMark } from "./brand-logo";
import { FOOTER_COLUMNS } from "./navigation";

export function Footer() {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="grid grid-cols-2 gap-8 md:grid-cols-4">
          <div className="col-span-2 md:col-span-1">
            <Link
              to="/"
              className="inline-flex items-center gap-2 rounded-md text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <BrandMark className="size-7" />
              {t("appName")}
            </Link>
            <p className="mt-3 max-w-xs text-sm text-muted-foreground">{t("footer.tagline")}</p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
              <h2 id={`footer-${column.id}`} className="text-sm font-semibold">
                {t(`footer.${column.id}`)}
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {column.links.map(([to, labelKey]) => (
                  <li key={to}>
                    <Link
                      to={to}
                      className="rounded-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {t(labelKey)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <p className="mt-10 flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>{t("footer.notice")}</span>
        </p>
        {/* The prerendered landing page carries its build year: the browser's year may differ, so
            React adopts that text quietly and then renders it afresh once hydrated. */}
        <p
          key={hydrated ? "live" : "prerendered"}
          suppressHydrationWarning
          className="mt-6 text-xs text-muted-foreground"
        >
          {t("footer.rights", { year: new Date().getFullYear(), product: PRODUCT_NAME })}
        </p>
      </div>
    </footer>
  );
}
