import type { TMe } from "@viewvault/shared";
import { BadgeCheck, Clock, LayoutDashboard, Users } from "lucide-react";
import { type ReactElement, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { SwapRatesCard } from "@/components/money/swap-rates-card";
import { Badge } from "@/components/ui/badge";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MysteryBoxCard } from "@/features/box/components/mystery-box-card";
import { AccountStatusCard } from "@/features/dashboard/components/account-status-card";
import { CryptoCountdownCard } from "@/features/dashboard/components/crypto-countdown-card";
import { FirstRunGuide } from "@/features/dashboard/components/first-run-guide";
import { QuickActionsCard } from "@/features/dashboard/components/quick-actions-card";
import { ReferralCard } from "@/features/dashboard/components/referral-card";
import { UsdtWalletCard } from "@/features/dashboard/components/usdt-wallet-card";
import { ViewsBalanceCard } from "@/features/dashboard/components/views-balance-card";
import { CashoutPauseBanner } from "@/features/enforcement/components/cashout-pause-banner";
import { AnnualEventCard } from "@/features/events/components/annual-event-card";
import { DailyClaimCard } from "@/features/events/components/daily-claim-card";
import { EventBonusCard } from "@/features/events/components/event-bonus-card";
import { MilestoneRewardsCard } from "@/features/events/components/milestone-rewards-card";
import { RequestViews } from "@/features/videos/components/request-views";
import { useAuth } from "@/lib/auth";
import { lazyPart } from "@/lib/lazy-part";
import { toast } from "@/lib/toast";
import { useDocumentMeta } from "@/lib/use-document-meta";

// The referrals tab's code loads when that tab is shown (ADR 076).
const ReferralOverview = lazyPart(() =>
  import("@/features/referrals/components/referral-overview").then(
    (module) => module.ReferralOverview,
  ),
);

/** One dashboard card: a key and how it renders for the signed-in member. */
interface DashboardCard {
  id: string;
  render: (me: TMe) => ReactNode;
}

/**
 * The main column, in the seed's order (document 1 §2). Event Bonus (only while one is
 * AVAILABLE) and the milestone rewards (AVAILABLE ones, by milestone) follow quick actions.
 */
const MAIN_CARDS: DashboardCard[] = [
  { id: "mystery-box", render: () => <MysteryBoxCard /> },
  { id: "usdt-wallet", render: (me) => <UsdtWalletCard profile={me.profile} /> },
  { id: "views-balance", render: () => <ViewsBalanceCard /> },
  {
    id: "quick-actions",
    render: () => (
      <QuickActionsCard requestViews={(tile) => <DashboardRequestViews trigger={tile} />} />
    ),
  },
  { id: "event-bonus", render: () => <EventBonusCard /> },
  { id: "milestones", render: () => <MilestoneRewardsCard /> },
];

/** Request Views opens its dialog on the dashboard, where it was clicked. */
function DashboardRequestViews({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  return <RequestViews open={open} onOpenChange={setOpen} signedIn trigger={trigger} />;
}

/**
 * The side column, in the seed's order: verification status with Verify, Daily First Claim,
 * the annual "1 Million Views" event, the views-to-crypto countdown, the referral link and the
 * swap center.
 */
const SIDE_CARDS: DashboardCard[] = [
  { id: "account-status", render: (me) => <AccountStatusCard me={me} /> },
  { id: "daily-claim", render: () => <DailyClaimCard /> },
  { id: "annual-event", render: () => <AnnualEventCard /> },
  { id: "crypto-countdown", render: () => <CryptoCountdownCard /> },
  { id: "referral", render: (me) => <ReferralCard username={me.profile.username} /> },
  { id: "swap-center", render: () => <SwapRatesCard showLink /> },
];

/**
 * /dashboard: tabs "Dashboard" (the seed's cards in two columns — balances live from the
 * stream) and "Sistema de Indicações" (?tab=referrals).
 */
export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const { me } = useAuth();
  const [params, setParams] = useSearchParams();
  useDocumentMeta(t("meta.title"));
  const tab = params.get("tab") === "referrals" ? "referrals" : "dashboard";

  // Landing here from the confirmation e-mail: say so once, then clean the address bar.
  useEffect(() => {
    if (!params.has("verified") && !params.has("error")) return;
    if (params.get("error")) toast.error(t("verifiedError"));
    else if (params.get("verified") === "1") toast.success(t("verified"));
    const next = new URLSearchParams(params);
    next.delete("verified");
    next.delete("error");
    setParams(next, { replace: true });
  }, [params, setParams, t]);

  if (!me) return <PageSpinner label={t("common:a11y.loading")} />;
  const { profile } = me;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("greeting", { username: profile.username })}
        </h1>
        <Badge variant={profile.isVerified ? "brand" : "outline"}>
          {profile.isVerified ? <BadgeCheck aria-hidden="true" /> : <Clock aria-hidden="true" />}
          {profile.isVerified ? t("status.verified") : t("status.pending")}
        </Badge>
        <p className="w-full text-muted-foreground">{t("subtitle")}</p>
      </header>
      <CashoutPauseBanner />
      {me.firstRunDismissed ? null : <FirstRunGuide />}
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === "referrals") next.set("tab", value);
          else next.delete("tab");
          setParams(next, { replace: true });
        }}
      >
        <TabsList>
          <TabsTrigger value="dashboard">
            <LayoutDashboard aria-hidden="true" />
            {t("tabs.dashboard")}
          </TabsTrigger>
          <TabsTrigger value="referrals">
            <Users aria-hidden="true" />
            {t("tabs.referrals")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard">
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="grid content-start gap-6" data-testid="dashboard-main">
              {MAIN_CARDS.map((card) => (
                <div key={card.id} className="grid min-w-0 empty:hidden">
                  {card.render(me)}
                </div>
              ))}
            </div>
            <div
              className="grid content-start gap-6 md:grid-cols-2 lg:grid-cols-1"
              data-testid="dashboard-side"
            >
              {SIDE_CARDS.map((card) => (
                <div key={card.id} className="grid min-w-0 empty:hidden">
                  {card.render(me)}
                </div>
              ))}
            </div>
          </div>
        </TabsContent>
        <TabsContent value="referrals">
          <Suspense fallback={<PageSpinner label={t("common:a11y.loading")} />}>
            <ReferralOverview compact />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
