import { DOCUMENT_ALIASES, DOCUMENT_SLUGS, type DocumentSlug } from "@viewvault/shared";
import { type ComponentType, isValidElement, lazy } from "react";
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from "react-router";
import { AppLayout } from "@/components/layout/app-layout";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { RequireStaff } from "@/features/auth/components/require-staff";
import i18n, { i18nReady } from "@/lib/i18n";
import { loadOnce } from "@/lib/lazy-part";
import { RootErrorBoundary } from "./routes/errors/root-error-boundary";

/**
 * Loads a route's code and its locale namespaces in parallel. Once loaded (or preloaded), the
 * page renders without suspending — what hydrating the prerendered landing page needs.
 */
function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: string[] = [],
) {
  const preload = loadOnce(() =>
    Promise.all([
      load(),
      namespaces.length ? i18nReady.then(() => i18n.loadNamespaces(namespaces)) : null,
    ]).then(([Component]) => Component),
  );
  // A page whose code could not come (offline) shows the route's error, whose reload tries again.
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route, at module level.
  function Page(props: P) {
    const Component = preload.loaded() ?? Lazy;
    return <Component {...props} />;
  }
  Page.preload = preload;
  return Page;
}

/** Locale namespaces of the landing page ("/"), besides "common". */
export const LANDING_NAMESPACES = ["landing"];
const LandingPage = lazyPage(
  () => import("./routes/landing/landing-page").then((m) => m.LandingPage),
  LANDING_NAMESPACES,
);
/** Loads the landing page's code and texts (before hydrating its prerendered markup). */
export const preloadLanding = () => LandingPage.preload();
const DocumentPage = lazyPage<{ slug: DocumentSlug }>(
  () => import("./routes/documents/document-page").then((m) => m.DocumentPage),
  ["pages", "transparency", "money"],
);
const NotFoundPage = lazyPage(() =>
  import("./routes/not-found/not-found-page").then((m) => m.NotFoundPage),
);
const AuthPage = lazyPage(
  () => import("./routes/auth/auth-page").then((m) => m.AuthPage),
  ["auth", "errors"],
);
const ResetPasswordPage = lazyPage(
  () => import("./routes/auth/reset-password-page").then((m) => m.ResetPasswordPage),
  ["auth", "errors"],
);
const DashboardPage = lazyPage(
  () => import("./routes/dashboard/dashboard-page").then((m) => m.DashboardPage),
  ["dashboard", "money", "referrals", "box", "events", "errors", "enforcement"],
);
const SwapPage = lazyPage(
  () => import("./routes/swap/swap-page").then((m) => m.SwapPage),
  ["swap", "money"],
);
const TransferPage = lazyPage(
  () => import("./routes/transfer/transfer-page").then((m) => m.TransferPage),
  ["transfer", "money"],
);
const WithdrawPage = lazyPage(
  () => import("./routes/withdraw/withdraw-page").then((m) => m.WithdrawPage),
  ["withdraw", "money", "errors", "enforcement"],
);
const SupportPage = lazyPage(
  () => import("./routes/support/support-page").then((m) => m.SupportPage),
  ["support", "money", "errors"],
);
const ActivityPage = lazyPage(
  () => import("./routes/activity/activity-page").then((m) => m.ActivityPage),
  ["activity", "money"],
);
const NotificationsPage = lazyPage(
  () => import("./routes/notifications/notifications-page").then((m) => m.NotificationsPage),
  ["notifications", "money"],
);
const ReferralsPage = lazyPage(
  () => import("./routes/referrals/referrals-page").then((m) => m.ReferralsPage),
  ["referrals", "money"],
);
const EventsPage = lazyPage(
  () => import("./routes/events/events-page").then((m) => m.EventsPage),
  ["events", "money", "errors"],
);
const MarketplacePage = lazyPage(
  () => import("./routes/marketplace/marketplace-page").then((m) => m.MarketplacePage),
  ["marketplace", "money", "errors"],
);
const RankingPage = lazyPage(
  () => import("./routes/ranking/ranking-page").then((m) => m.RankingPage),
  ["ranking", "money", "referrals"],
);
const SettingsPage = lazyPage(
  () => import("./routes/settings/settings-page").then((m) => m.SettingsPage),
  ["settings", "auth", "errors", "ranking", "notifications"],
);
const MailboxPage = lazyPage(
  () => import("./routes/dev/mailbox-page").then((m) => m.MailboxPage),
  ["mailbox", "errors"],
);
const FeedPage = lazyPage(
  () => import("./routes/feed/feed-page").then((m) => m.FeedPage),
  ["videos", "errors"],
);
const AddVideoPage = lazyPage(
  () => import("./routes/add-video/add-video-page").then((m) => m.AddVideoPage),
  ["videos", "errors"],
);
const WatchPage = lazyPage(
  () => import("./routes/watch/watch-page").then((m) => m.WatchPage),
  ["videos", "errors"],
);
const FairnessPage = lazyPage(
  () => import("./routes/fairness/fairness-page").then((m) => m.FairnessPage),
  ["box", "errors"],
);
// The verifier (SHA-256, the tree's steps) loads only here.
const ReservesPage = lazyPage(
  () => import("./routes/reserves/reserves-page").then((m) => m.ReservesPage),
  ["transparency", "money", "errors"],
);
const AdminPage = lazyPage(
  () => import("./routes/admin/admin-page").then((m) => m.AdminPage),
  ["admin", "money", "support", "errors", "fraud"],
);
const AdminMemberPage = lazyPage(
  () => import("./routes/admin/admin-member-page").then((m) => m.AdminMemberPage),
  ["admin", "money", "support", "errors"],
);
const AdminFraudPage = lazyPage(
  () => import("./routes/admin/admin-fraud-page").then((m) => m.AdminFraudPage),
  ["fraud", "admin", "errors"],
);
const AdminFraudMemberPage = lazyPage(
  () => import("./routes/admin/admin-fraud-member-page").then((m) => m.AdminFraudMemberPage),
  ["fraud", "admin", "errors"],
);
const ProfilePage = lazyPage(
  () => import("./routes/profile/profile-page").then((m) => m.ProfilePage),
  ["profile", "box"],
);

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RootErrorBoundary />,
    children: [
      {
        errorElement: <RootErrorBoundary />,
        children: [
          { index: true, element: <LandingPage /> },
          ...DOCUMENT_SLUGS.map((slug) => ({ path: slug, element: <DocumentPage slug={slug} /> })),
          // Short links used by footers and the sign-up consent.
          ...Object.entries(DOCUMENT_ALIASES).map(([path, slug]) => ({
            path,
            element: <Navigate to={`/${slug}`} replace />,
          })),
          { path: "auth", element: <AuthPage /> },
          { path: "auth/reset-password", element: <ResetPasswordPage /> },
          { path: "dev/mailbox", element: <MailboxPage /> },
          { path: "feed", element: <FeedPage /> },
          { path: "add-video", element: <AddVideoPage /> },
          { path: "fairness", element: <FairnessPage /> },
          { path: "reserves", element: <ReservesPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: "dashboard", element: <DashboardPage /> },
              { path: "settings", element: <SettingsPage /> },
              { path: "watch/:id", element: <WatchPage /> },
              { path: "swap", element: <SwapPage /> },
              { path: "transfer", element: <TransferPage /> },
              { path: "withdraw", element: <WithdrawPage /> },
              { path: "support", element: <SupportPage /> },
              { path: "activity", element: <ActivityPage /> },
              { path: "notifications", element: <NotificationsPage /> },
              { path: "referrals", element: <ReferralsPage /> },
              { path: "events", element: <EventsPage /> },
              { path: "marketplace", element: <MarketplacePage /> },
              { path: "ranking", element: <RankingPage /> },
            ],
          },
          {
            element: <RequireStaff admin />,
            children: [
              { path: "admin", element: <AdminPage /> },
              { path: "admin/members/:id", element: <AdminMemberPage /> },
              { path: "admin/fraud", element: <AdminFraudPage /> },
              { path: "admin/fraud/members/:id", element: <AdminFraudMemberPage /> },
            ],
          },
          // Every path above is listed in APP_PAGES (shared), so the server knows them too.
          // /@username or /username — after every static route; not a username → not found.
          { path: ":handle", element: <ProfilePage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Loads the code and texts of every page on the path (each `lazyPage` has `preload`), so a page
 * rendered on the server (ADR 084) renders, and is adopted, without suspending.
 */
export async function preloadPage(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
      const element = route.element;
      if (!isValidElement(element)) return null;
      const type = element.type as ComponentType & { preload?: () => Promise<unknown> };
      return typeof type.preload === "function" ? type.preload() : null;
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
