import { Coins, Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { toBigBalances, useBalances } from "@/lib/balances";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { HeldViewsNote } from "./held-views-note";
import { OfflineBalanceNote } from "./offline-balance-note";

/** Views and USDT balances side by side (live from the balances stream). */
export function BalanceTiles({
  className,
  activityLink = true,
}: {
  className?: string;
  activityLink?: boolean;
}) {
  const { t } = useTranslation("money");
  const fmt = useMoneyFormat();
  const query = useBalances();
  const balances = toBigBalances(query.data);
  if (query.isError && !balances) {
    return (
      <Alert variant="destructive">
        <AlertDescription className="text-foreground">{t("balances.loadFailed")}</AlertDescription>
      </Alert>
    );
  }
  const tiles = [
    {
      key: "views",
      icon: Eye,
      value: balances ? fmt.views(balances.views) : null,
      unit: t("currency.VIEWS"),
      // Earnings on hold, apart from the available views (ADR 047).
      extra: <HeldViewsNote />,
    },
    {
      key: "usdt",
      icon: Coins,
      value: balances ? fmt.usdt(balances.usdt) : null,
      unit: t("currency.USDT"),
      extra:
        balances && balances.pendingUsdt > 0n
          ? t("balances.pending", { amount: fmt.usdt(balances.pendingUsdt) })
          : null,
    },
  ];
  return (
    <section aria-label={t("balances.title")} className={cn("grid grid-cols-2 gap-3", className)}>
      {tiles.map(({ key, icon: Icon, value, unit, extra }) => (
        <div key={key} className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">
          <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground sm:text-sm">
            <Icon aria-hidden="true" className="size-4 text-primary" />
            {t(`balances.${key}`)}
          </span>
          {value === null ? (
            <span aria-hidden="true" className="h-8 w-24 animate-pulse rounded bg-muted" />
          ) : (
            <span className="flex flex-wrap items-baseline gap-x-1.5 text-xl font-bold tabular-nums sm:text-2xl">
              <span data-testid={`balance-${key}`}>{value}</span>
              <span className="text-xs font-medium text-muted-foreground">{unit}</span>
            </span>
          )}
          {typeof extra === "string" ? (
            <span className="text-xs text-muted-foreground">{extra}</span>
          ) : (
            extra
          )}
        </div>
      ))}
      <OfflineBalanceNote className="col-span-2 text-amber-700 dark:text-amber-300" />
      {activityLink ? (
        <Link
          to="/activity"
          className="col-span-2 justify-self-end text-xs font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("balances.activity")}
        </Link>
      ) : null}
    </section>
  );
}
