import { AlertTriangle, CheckCircle2, Loader2, ScanSearch } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/problem-text";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCheckLedger } from "../api/check-ledger";
import { useOverview } from "../api/get-overview";
import { WebVitalsCard } from "./web-vitals-card";

/** The transparency page's figures and labels (ADR 069): they add up, fees included. */
const TOTALS = [
  "issued",
  "inCirculation",
  "withdrawalEscrow",
  "marketplaceEscrow",
  "paidOut",
  "fees",
] as const;

/** Ledger totals per currency, the queues' counts (each a link), and the invariant check. */
export function AdminOverview() {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  const overview = useOverview();
  const check = useCheckLedger();
  if (overview.isPending) return <PageSpinner label={t("common:a11y.loading")} />;
  if (overview.isError) return <p className="text-sm text-destructive">{t("loadFailed")}</p>;
  const { totals, counts } = overview.data;
  const links: Array<[keyof typeof counts, string]> = [
    ["members", "/admin?tab=members"],
    ["confirmed", "/admin?tab=members"],
    ["suspended", "/admin?tab=audit&action=member.suspend"],
    ["staff", "/admin?tab=members"],
    ["heldReferrals", "/admin?tab=referrals"],
    ["onlineNow", "/admin?tab=members"],
    ["pendingWithdrawals", "/support"],
    ["awaitingApproval", "/admin?tab=payouts"],
    ["openSupportRequests", "/support"],
  ];
  return (
    <div className="grid gap-6">
      {overview.data.reservesAlert ? (
        <Alert variant="destructive" data-testid="reserves-alert">
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>{t("overview.reservesAlert")}</AlertTitle>
          <AlertDescription>
            {fmt.dateTime(overview.data.reservesAlert.at)}: {overview.data.reservesAlert.reason}
          </AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t("overview.countsTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {links.map(([key, to]) => (
              <li key={key}>
                <Link
                  to={to}
                  className="grid gap-1 rounded-lg border p-3 transition-colors hover:bg-accent"
                >
                  <span className="text-xs text-muted-foreground">
                    {t(`overview.counts.${key}`)}
                  </span>
                  <span className="text-2xl font-semibold tabular-nums">{counts[key]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("overview.totalsTitle")}</CardTitle>
          <CardDescription>
            {t("overview.totalsDescription")} {t("common:ledgerTotals.sum")}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {(["VIEWS", "USDT"] as const).map((currency) => (
            <section
              key={currency}
              aria-labelledby={`totals-${currency}`}
              className="grid gap-1 rounded-lg border p-3 text-sm"
            >
              <h4 id={`totals-${currency}`} className="mb-1 font-semibold">
                {currency}
              </h4>
              <dl className="grid gap-1">
                {TOTALS.map((key) => (
                  <div key={key} className="flex justify-between gap-3">
                    <dt className="text-muted-foreground">{t(`common:ledgerTotals.${key}`)}</dt>
                    <dd className="whitespace-nowrap tabular-nums">
                      {fmt.amount(totals[currency][key], currency)}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </CardContent>
      </Card>

      <WebVitalsCard />

      <Card>
        <CardHeader>
          <CardTitle>{t("overview.ledgerTitle")}</CardTitle>
          <CardDescription>{t("overview.ledgerDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Button
            className="justify-self-start"
            onClick={() => check.mutate()}
            disabled={check.isPending}
          >
            {check.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <ScanSearch aria-hidden="true" />
            )}
            {check.isPending ? t("overview.checking") : t("overview.runCheck")}
          </Button>
          {check.isError ? (
            <p className="text-sm text-destructive">{errorText(t, check.error, t("loadFailed"))}</p>
          ) : null}
          {check.data ? (
            <Alert variant={check.data.ok ? "default" : "destructive"}>
              {check.data.ok ? (
                <CheckCircle2 aria-hidden="true" className="text-primary" />
              ) : (
                <AlertTriangle aria-hidden="true" />
              )}
              <AlertTitle>
                {check.data.ok
                  ? t("overview.ledgerOk")
                  : t("overview.ledgerProblems", { count: check.data.problems.length })}
              </AlertTitle>
              <AlertDescription className="grid gap-1 text-foreground">
                <span>
                  {t("overview.ledgerStats", {
                    ...check.data.counts,
                    ms: check.data.durationMs,
                    at: fmt.dateTime(check.data.checkedAt),
                  })}
                </span>
                {check.data.problems.map((problem) => (
                  <code key={problem} className="text-xs break-all">
                    {problem}
                  </code>
                ))}
              </AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
