import { ArrowDownLeft, ArrowUpRight, History } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { MemberChip } from "@/components/account/member-chip";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { useTransfers } from "../api/list-transfers";

/** Sent and received transfers: direction, counterparty, amount and date. */
export function TransferHistoryCard() {
  const { t } = useTranslation("transfer");
  const fmt = useMoneyFormat();
  const query = useTransfers();
  const failed = query.isError;
  useEffect(() => {
    if (failed) toast.error(t("messages.loadFailed"));
  }, [failed, t]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden="true" className="size-5 text-primary" />
          {t("history.title")}
        </CardTitle>
        <CardDescription>{t("history.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label={t("common:a11y.loading")} />
          </div>
        ) : query.isError ? (
          <p className="text-sm text-destructive">{t("messages.loadFailed")}</p>
        ) : query.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t("history.empty")}
          </p>
        ) : (
          <ul aria-label={t("history.title")} className="divide-y">
            {query.data.map((transfer) => {
              const sent = transfer.direction === "sent";
              const other = sent ? transfer.recipient : transfer.sender;
              const Icon = sent ? ArrowUpRight : ArrowDownLeft;
              const amount = fmt.amount(transfer.amount, transfer.transferType);
              return (
                <li key={transfer.id} className="flex items-center gap-3 py-3">
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
                </li>
              );
            })}
          </ul>
        )}
        <Link
          to="/activity?kind=transfer"
          className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("history.all")}
        </Link>
      </CardContent>
    </Card>
  );
}
