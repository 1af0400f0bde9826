import { SWAP } from "@viewvault/shared";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { HistoryCard } from "@/components/money/history-card";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useRecentSwaps } from "../api/list-swaps";

/** The last swaps (SWAP.historyShown), newest first. */
export function SwapHistoryCard() {
  const { t } = useTranslation("swap");
  const fmt = useMoneyFormat();
  return (
    <HistoryCard
      query={useRecentSwaps()}
      title={t("history.title")}
      description={t("history.description", { count: SWAP.historyShown })}
      loadFailed={t("history.loadFailed")}
      empty={t("history.empty")}
      all={{ to: "/activity?kind=swap", label: t("history.all") }}
      itemClassName="flex items-center justify-between gap-3 py-3"
      renderItem={(swap) => {
        const toUsdt = swap.direction === "VIEWS_TO_USDT";
        const views = fmt.amount(swap.viewsAmount, "VIEWS");
        const usdt = fmt.amount(swap.usdtAmount, "USDT");
        return (
          <>
            <div className="grid min-w-0 gap-0.5">
              <span className="flex flex-wrap items-center gap-1.5 text-sm font-medium">
                <span className="text-destructive">−{toUsdt ? views : usdt}</span>
                <ArrowRight aria-hidden="true" className="size-3.5 text-muted-foreground" />
                <span className="text-success">+{toUsdt ? usdt : views}</span>
              </span>
              <span className="text-xs text-muted-foreground">
                {t(`direction.${swap.direction}`)} · {fmt.dateTime(swap.createdAt)}
              </span>
            </div>
            <span className="shrink-0 rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success">
              {t("history.completed")}
            </span>
          </>
        );
      }}
    />
  );
}
