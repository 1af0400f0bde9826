import type { TWithdrawalOverview } from "@viewvault/shared";
import { Clock, Coins } from "lucide-react";
import { useTranslation } from "react-i18next";
import { OfflineBalanceNote } from "@/components/money/offline-balance-note";
import { toBigBalances, useBalances } from "@/lib/balances";
import { useMoneyFormat } from "@/lib/use-money-format";

/** Available and pending USDT (live from the balances stream) and today's use of the limit. */
export function WithdrawBalanceCard({ overview }: { overview: TWithdrawalOverview }) {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  const live = toBigBalances(useBalances().data) ?? toBigBalances(overview.balances);
  const tiles = [
    { key: "available", icon: Coins, value: live?.usdt ?? 0n },
    { key: "pending", icon: Clock, value: live?.pendingUsdt ?? 0n },
  ] as const;
  return (
    <section aria-label={t("balance.title")} className="grid gap-2">
      <div className="grid grid-cols-2 gap-3">
        {tiles.map(({ key, icon: Icon, value }) => (
          <div key={key} className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">
            <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground sm:text-sm">
              <Icon aria-hidden="true" className="size-4 text-primary" />
              {t(`balance.${key}`)}
            </span>
            <span
              className="text-xl font-bold tabular-nums sm:text-2xl"
              data-testid={`withdraw-${key}`}
            >
              {fmt.amount(value, "USDT")}
            </span>
          </div>
        ))}
      </div>
      <OfflineBalanceNote className="text-amber-700 dark:text-amber-300" />
      <p className="text-xs text-muted-foreground">
        {t("balance.limit", {
          used: fmt.amount(overview.usedToday, "USDT"),
          limit: fmt.amount(overview.dailyLimit, "USDT"),
        })}
      </p>
    </section>
  );
}
