import { type TWithdrawal, WITHDRAWAL } from "@viewvault/shared";
import { ExternalLink } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { CancelWithdrawalButton } from "./cancel-withdrawal-button";
import { WithdrawalTimeline } from "./withdrawal-timeline";

const STATUS_STYLE: Record<TWithdrawal["status"], string> = {
  SENT: "border-warning/40 bg-warning/10 text-foreground",
  AWAITING_APPROVAL: "border-warning/40 bg-warning/10 text-foreground",
  CONFIRMING: "border-primary/40 bg-primary/10 text-foreground",
  COMPLETED: "border-success/40 bg-success/10 text-success",
  FAILED: "border-destructive/40 bg-destructive/10 text-destructive",
  CANCELLED: "border-muted-foreground/30 bg-muted text-muted-foreground",
};

/**
 * The member's withdrawals: status (SENT shown "Pending"), fee, the explorer link, the reason. A
 * payout notification links here with ?withdrawal=<id>: that withdrawal is marked and in view.
 */
export function WithdrawalHistoryCard({ withdrawals }: { withdrawals: TWithdrawal[] }) {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  const [params] = useSearchParams();
  const linked = params.get("withdrawal");
  const shown = withdrawals.some((w) => w.id === linked);
  useEffect(() => {
    if (linked && shown)
      document.getElementById(`withdrawal-${linked}`)?.scrollIntoView?.({ block: "center" });
  }, [linked, shown]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("history.title")}</CardTitle>
        <CardDescription>{t("history.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {withdrawals.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("history.empty")}</p>
        ) : (
          <ul className="divide-y" aria-label={t("history.title")}>
            {withdrawals.map((w) => (
              <li
                key={w.id}
                id={`withdrawal-${w.id}`}
                aria-current={w.id === linked ? "true" : undefined}
                className={cn(
                  "grid gap-1.5 py-3",
                  w.id === linked && "-mx-2 rounded-md bg-primary/5 px-2 ring-1 ring-primary/40",
                )}
                data-testid="withdrawal-row"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold tabular-nums">{fmt.amount(w.amount, "USDT")}</span>
                  <Badge
                    variant="outline"
                    className={cn(STATUS_STYLE[w.status])}
                    data-testid="withdrawal-status"
                  >
                    {t(`status.${w.status}`)}
                  </Badge>
                </div>
                <p className="text-xs text-muted-foreground">
                  {w.network} ·{" "}
                  {t("history.fee", {
                    fee: fmt.amount(w.fee, "USDT"),
                    net: fmt.amount(w.net, "USDT"),
                  })}
                </p>
                <p className="font-mono text-xs break-all text-muted-foreground">
                  {w.walletAddress}
                </p>
                {w.status === "CONFIRMING" && w.requiredConfirmations ? (
                  <p
                    className="text-xs text-muted-foreground"
                    data-testid="withdrawal-confirmations"
                  >
                    {t("timeline.confirmations", {
                      count: w.confirmations ?? 0,
                      required: w.requiredConfirmations,
                    })}
                  </p>
                ) : null}
                {(w.status === "COMPLETED" || w.status === "CONFIRMING") && w.explorerUrl ? (
                  <a
                    href={w.explorerUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t("history.viewTx")}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                  </a>
                ) : null}
                {w.status === "AWAITING_APPROVAL" ? (
                  <p className="text-xs text-muted-foreground">
                    {t("history.awaitingApproval", {
                      amount: fmt.amount(WITHDRAWAL.secondApprovalAboveMicroUsdt, "USDT"),
                    })}
                  </p>
                ) : null}
                {w.status === "FAILED" && w.failureReason ? (
                  <p className="text-sm text-destructive">
                    {t("history.reason", { reason: w.failureReason })}
                  </p>
                ) : null}
                <time dateTime={w.createdAt} className="text-xs text-muted-foreground">
                  {fmt.dateTime(w.createdAt)}
                </time>
                {w.timeline && w.timeline.length > 0 ? <WithdrawalTimeline withdrawal={w} /> : null}
                {w.cancellable ? <CancelWithdrawalButton withdrawal={w} /> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
