import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { type Location, Outlet, ScrollRestoration } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { PageAdopted } from "@/lib/page-adopted";
import { Footer } from "./footer";
import { OfflineBanner } from "./offline-banner";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { TopBar } from "./top-bar";

/**
 * Where a page's scroll position is remembered. Every document load's entry has the key
 * "default", so keyed by `location.key` alone a page opened by address would open at the
 * position of whatever page was loaded last in the tab: such entries are keyed by their path
 * instead (a reload keeps its place; another page opens at the top).
 */
export function scrollKey(location: Pick<Location, "key" | "pathname">): string {
  return location.key === "default" ? location.pathname : location.key;
}

/** Every page: skip link, fixed top bar, the routed content and the footer. */
export function AppLayout() {
  const { t } = useTranslation("common");
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar />
      {/* At least a screen tall, so the footer never shows (and then jumps) while a page loads. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-dvh flex-1 pt-16 outline-none">
        <OfflineBanner />
        <Suspense fallback={<PageSpinner label={t("a11y.loading")} />}>
          <Outlet />
          <PageAdopted />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
