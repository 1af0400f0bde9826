import { SWAP } from "@viewvault/shared";
import { ArrowRight, History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useRecentSwaps } from "../api/list-swaps";

/** The last swaps (SWAP.historyShown), newest first. */
export function SwapHistoryCard() {
  const { t } = useTranslation("swap");
  const fmt = useMoneyFormat();
  const query = useRecentSwaps();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden="true" className="size-5 text-primary" />
          {t("history.title")}
        </CardTitle>
        <CardDescription>{t("history.description", { count: SWAP.historyShown })}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label={t("common:a11y.loading")} />
          </div>
        ) : query.isError ? (
          <p className="text-sm text-destructive">{t("history.loadFailed")}</p>
        ) : query.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t("history.empty")}
          </p>
        ) : (
          <ul aria-label={t("history.title")} className="divide-y">
            {query.data.map((swap) => {
              const toUsdt = swap.direction === "VIEWS_TO_USDT";
              const views = fmt.amount(swap.viewsAmount, "VIEWS");
              const usdt = fmt.amount(swap.usdtAmount, "USDT");
              return (
                <li key={swap.id} className="flex items-center justify-between gap-3 py-3">
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
                </li>
              );
            })}
          </ul>
        )}
        <Link
          to="/activity?kind=swap"
          className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("history.all")}
        </Link>
      </CardContent>
    </Card>
  );
}
