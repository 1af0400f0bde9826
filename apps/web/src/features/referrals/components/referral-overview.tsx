import { REFERRAL, type TReferralSummary } from "@viewvault/shared";
import { Coins, Eye, ShieldCheck, Trophy, UserPlus, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ReferralBadge } from "@/components/account/referral-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { nextBadge } from "@/lib/referral-math";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { useReferralSummary } from "../api/get-referral-summary";
import { ReferralRow } from "./referral-row";

/** Totals, badge with next-badge progress and the recent referrals (dashboard tab and /referrals). */
export function ReferralOverview({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation("referrals");
  const query = useReferralSummary();
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t("common:a11y.loading")} />
      </div>
    );
  }
  if (query.isError) {
    return <Card className="p-6 text-center text-sm text-destructive">{t("loadFailed")}</Card>;
  }
  const summary = query.data;
  return (
    <div className="grid gap-6">
      <ReferralStats summary={summary} />
      <div className={cn("grid gap-6", !compact && "lg:grid-cols-2")}>
        <BadgeProgressCard total={summary.totalReferrals} badge={summary.badge} />
        <RecentReferralsCard summary={summary} />
      </div>
      {compact ? (
        <Link
          to="/referrals"
          className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("openSystem")}
        </Link>
      ) : null}
    </div>
  );
}

function ReferralStats({ summary }: { summary: TReferralSummary }) {
  const { t } = useTranslation("referrals");
  const fmt = useMoneyFormat();
  const stats = [
    { key: "total", icon: Users, value: fmt.views(BigInt(summary.totalReferrals)) },
    { key: "paid", icon: ShieldCheck, value: fmt.views(BigInt(summary.paidReferrals)) },
    {
      key: "views",
      icon: Eye,
      value: fmt.amount(summary.viewsFromReferrals, "VIEWS"),
    },
    { key: "usdt", icon: Coins, value: fmt.amount(summary.usdtFromReferrals, "USDT") },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map(({ key, icon: Icon, value }) => (
        <div key={key} className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">
          <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
            <Icon aria-hidden="true" className="size-4 text-primary" />
            {t(`stats.${key}`)}
          </dt>
          <dd className="text-xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
      {summary.heldReferrals > 0 ? (
        <p className="col-span-2 text-xs text-muted-foreground lg:col-span-4">
          {t("stats.held", { count: summary.heldReferrals })}
        </p>
      ) : null}
    </dl>
  );
}

function BadgeProgressCard({ total, badge }: { total: number; badge: TReferralSummary["badge"] }) {
  const { t } = useTranslation("referrals");
  const next = nextBadge(total);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trophy aria-hidden="true" className="size-5 text-primary" />
          {t("badge.title")}
        </CardTitle>
        <CardDescription>
          {t("badge.description", {
            silver: REFERRAL.badges.find((b) => b.id === "silver")?.min,
            gold: REFERRAL.badges.find((b) => b.id === "gold")?.min,
            diamond: REFERRAL.badges.find((b) => b.id === "diamond")?.min,
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm text-muted-foreground">{t("badge.current")}</span>
          <ReferralBadge badge={badge} />
        </div>
        {next ? (
          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span>{t("badge.next", { badge: t(`badges.${next.id}`) })}</span>
              <span className="font-medium tabular-nums">
                {total} / {next.min}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={t("badge.progressLabel", { badge: t(`badges.${next.id}`) })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={next.percent}
              className="h-2.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-linear-to-r from-brand-from to-brand-to transition-[width]"
                style={{ width: `${next.percent}%` }}
              />
            </div>
            <p className="text-xs text-muted-foreground">
              {t("badge.remaining", { count: next.remaining, badge: t(`badges.${next.id}`) })}
            </p>
          </div>
        ) : (
          <p className="text-sm text-success">{t("badge.top")}</p>
        )}
      </CardContent>
    </Card>
  );
}

function RecentReferralsCard({ summary }: { summary: TReferralSummary }) {
  const { t } = useTranslation("referrals");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus aria-hidden="true" className="size-5 text-primary" />
          {t("recent.title")}
        </CardTitle>
        <CardDescription>
          {t("recent.description", { count: REFERRAL.recentShown })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {summary.recent.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t("recent.empty")}
          </p>
        ) : (
          <ul aria-label={t("recent.title")} className="divide-y">
            {summary.recent.slice(0, REFERRAL.recentShown).map((referral) => (
              <ReferralRow key={referral.id} referral={referral} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
