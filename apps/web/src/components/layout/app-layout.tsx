import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { Footer } from "./footer";
import { OfflineBanner } from "./offline-banner";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { TopBar } from "./top-bar";

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
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
