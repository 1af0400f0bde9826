import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { lazyPart } from "@/lib/lazy-part";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";
import { BrandMark } from "./brand-logo";
import { LanguageSwitcher } from "./language-switcher";
import { QUICK_LINKS } from "./navigation";
import { SiteMenu } from "./site-menu";
import { ThemeToggle } from "./theme-toggle";

// Who is signed in is only known after the session request, so the account button's code
// can arrive alongside it instead of in the first bundle.
const AccountArea = lazyPart(() => import("./account-area").then((m) => m.AccountArea));

/** Fixed top bar: product name, quick buttons (tablet and up), language, theme and the menu. */
export function TopBar() {
  const { t } = useTranslation("common");
  // Who is signed in is unknown to the prerendered landing page: the placeholder stays until then.
  const hydrated = useHydrated();
  const accountPlaceholder = <span aria-hidden="true" className="size-10" />;
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <Link
          to="/"
          aria-label={t("a11y.home")}
          className="flex min-w-0 items-center gap-2 rounded-md font-bold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark />
          <span className="truncate text-lg max-[399px]:sr-only">{t("appName")}</span>
        </Link>

        <nav aria-label={t("a11y.quickLinks")} className="ml-4 hidden items-center gap-1 md:flex">
          {QUICK_LINKS.map(({ to, labelKey, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                cn(
                  "inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  isActive
                    ? "bg-accent text-accent-foreground"
                    : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(labelKey)}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
          <SiteMenu />
          {hydrated ? (
            <Suspense fallback={accountPlaceholder}>
              <AccountArea />
            </Suspense>
          ) : (
            accountPlaceholder
          )}
        </div>
      </div>
    </header>
  );
}
