import type { TTransfer } from "@viewvault/shared";
import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { MemberChip } from "@/components/account/member-chip";
import { HistoryCard } from "@/components/money/history-card";
import { useOnline } from "@/lib/presence/presence";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { useTransfers } from "../api/list-transfers";

/** Sent and received transfers: direction, counterparty (with the online dot), amount and date. */
export function TransferHistoryCard() {
  const { t } = useTranslation("transfer");
  const fmt = useMoneyFormat();
  const query = useTransfers();
  const counterparty = (transfer: TTransfer) =>
    transfer.direction === "sent" ? transfer.recipient : transfer.sender;
  const online = useOnline((query.data ?? []).map((transfer) => counterparty(transfer).id));
  const failed = query.isError;
  useEffect(() => {
    if (failed) toast.error(t("messages.loadFailed"));
  }, [failed, t]);
  return (
    <HistoryCard
      query={query}
      title={t("history.title")}
      description={t("history.description")}
      loadFailed={t("messages.loadFailed")}
      empty={t("history.empty")}
      all={{ to: "/activity?kind=transfer", label: t("history.all") }}
      itemClassName="flex items-center gap-3 py-3"
      renderItem={(transfer) => {
        const sent = transfer.direction === "sent";
        const other = counterparty(transfer);
        const Icon = sent ? ArrowUpRight : ArrowDownLeft;
        const amount = fmt.amount(transfer.amount, transfer.transferType);
        return (
          <>
            <span
              className={cn(
                "flex size-9 shrink-0 items-center justify-center rounded-full",
                sent ? "bg-destructive/10 text-destructive" : "bg-success/10 text-success",
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="text-xs text-muted-foreground">
                {sent ? t("history.sentTo") : t("history.receivedFrom")}
              </span>
              <MemberChip
                username={other.username}
                isVerified={other.isVerified}
                presence={{ id: other.id, online: online.data?.has(other.id) ?? false }}
                avatarClassName="size-6 text-[11px]"
                className="text-sm"
              />
            </div>
            <div className="grid shrink-0 justify-items-end gap-0.5">
              <span
                className={cn(
                  "text-sm font-semibold tabular-nums",
                  sent ? "text-destructive" : "text-success",
                )}
              >
                {sent ? "−" : "+"}
                {amount}
              </span>
              <time dateTime={transfer.createdAt} className="text-xs text-muted-foreground">
                {fmt.dateTime(transfer.createdAt)}
              </time>
            </div>
          </>
        );
      }}
    />
  );
}
