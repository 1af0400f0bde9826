import { TRANSPARENCY } from "@viewvault/shared";
import { Activity, Landmark } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { lazyPart } from "@/lib/lazy-part";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useTransparency } from "../api/get-transparency";

const FlowsChart = lazyPart(() => import("./flows-chart").then((module) => module.default));

/** The transparency page's live totals from the ledger and the daily chart. */
export function PlatformTotals() {
  const { t } = useTranslation("transparency");
  const fmt = useMoneyFormat();
  const query = useTransparency();

  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {t("loading")}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t("loadFailed")}
      </p>
    );
  }
  const { totals, paidOutByNetwork, daily, computedAt } = query.data;
  const sum = (key: "issuedViews" | "issuedUsdt" | "paidOutUsdt") =>
    daily.reduce((total, d) => total + BigInt(d[key]), 0n);
  const cards = [
    "issued",
    "inCirculation",
    "withdrawalEscrow",
    "marketplaceEscrow",
    "paidOut",
    "fees",
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity aria-hidden="true" className="size-5 text-primary" />
          {t("title")}
        </CardTitle>
        <CardDescription>{t("description", { time: fmt.dateTime(computedAt) })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {/* The admin overview's figures and labels (ADR 069): they add up, fees included. */}
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((key) => (
            <div
              key={key}
              className="grid gap-1 rounded-xl border p-4"
              data-testid={`total-${key}`}
            >
              <dt className="text-sm font-medium">{t(`common:ledgerTotals.${key}`)}</dt>
              <dd className="grid gap-0.5 tabular-nums">
                <span className="font-semibold">{fmt.amount(totals.VIEWS[key], "VIEWS")}</span>
                <span className="font-semibold">{fmt.amount(totals.USDT[key], "USDT")}</span>
                {key === "paidOut" && (
                  <span className="grid gap-0.5" data-testid="paid-by-network">
                    <span className="sr-only">{t("paidOutByNetwork")}</span>
                    {paidOutByNetwork.map((p) => (
                      <span key={p.network} className="flex justify-between gap-2 text-xs">
                        <span className="text-muted-foreground">{p.network}</span>
                        <span>{fmt.amount(p.usdt, "USDT")}</span>
                      </span>
                    ))}
                  </span>
                )}
                <span className="text-xs text-muted-foreground">
                  {t(`common:ledgerTotals.${key}Hint`)}
                </span>
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">{t("common:ledgerTotals.sum")}</p>
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">
            {t("chartTitle", { days: TRANSPARENCY.chartDays })}
          </h3>
          <p className="text-xs text-muted-foreground" data-testid="chart-summary">
            {t("chartSummary", {
              days: TRANSPARENCY.chartDays,
              views: fmt.amount(sum("issuedViews"), "VIEWS"),
              usdt: fmt.amount(sum("issuedUsdt"), "USDT"),
              paid: fmt.amount(sum("paidOutUsdt"), "USDT"),
            })}
          </p>
          <Suspense fallback={<Spinner />}>
            <FlowsChart daily={daily} />
          </Suspense>
        </div>
        <Link
          to="/reserves"
          className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Landmark aria-hidden="true" className="size-4" />
          {t("reserves.link")}
        </Link>
      </CardContent>
    </Card>
  );
}
