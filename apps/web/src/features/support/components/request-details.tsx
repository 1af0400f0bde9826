import type { TSupportRequest } from "@viewvault/shared";
import { ExternalLink, MessageSquare } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DeskRisk } from "@/components/staff/desk-risk";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useMoneyFormat } from "@/lib/use-money-format";
import type { ThreadAudience } from "../api/thread";
import { AskReviewButton } from "./ask-review-dialog";
import { withdrawalStatusKey } from "./desk-status";
import { RequestThread } from "./request-thread";

/** A recorded payout transaction exists unless the withdrawal was failed or rejected. */
function hasTransaction(status: string): boolean {
  return status === "COMPLETED" || status === "AWAITING_APPROVAL" || status === "CONFIRMING";
}

/**
 * The seeds' fields of a request, its withdrawal's state (hash link, reason) when it has one, and
 * an appeal's cash-out pause (its reason) while it is in force.
 */
export function RequestDetails({
  request,
  audience,
  initiallyOpen = false,
}: {
  request: TSupportRequest;
  audience: ThreadAudience;
  /** Its thread shown at once (a notification's link: /support?request=<id>). */
  initiallyOpen?: boolean;
}) {
  const { t } = useTranslation("support");
  const fmt = useMoneyFormat();
  const [open, setOpen] = useState(initiallyOpen);
  const w = request.withdrawal;
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">@{request.username}</span>
        <Badge variant="brand">{t(`types.${request.requestType}`)}</Badge>
        {w ? (
          // One status per row, the dropdown's too: the withdrawal's (desk-status.ts).
          <Badge variant="secondary" data-testid="support-withdrawal-status">
            {t(withdrawalStatusKey(w))}
          </Badge>
        ) : (
          <Badge variant="outline" data-testid="support-status">
            {t(`status.${request.status}`)}
          </Badge>
        )}
      </div>
      {request.amountUsdt ? (
        <p className="tabular-nums">
          {fmt.amount(request.amountUsdt, "USDT")} · {request.network}
        </p>
      ) : null}
      {request.walletAddress ? (
        <p className="font-mono text-xs break-all text-muted-foreground">{request.walletAddress}</p>
      ) : null}
      {request.risk ? (
        <DeskRisk
          risk={request.risk}
          memberId={request.userId}
          askReview={
            audience === "staff" ? (
              <AskReviewButton requestId={request.id} username={request.username} />
            ) : null
          }
        />
      ) : null}
      {request.appeal ? (
        <p
          className="rounded-md border border-warning/40 bg-warning/10 px-2 py-1"
          data-testid="support-appeal"
        >
          {t("fields.pauseReason", {
            reason: request.appeal.pauseReason,
            date: fmt.dateTime(request.appeal.pausedAt),
          })}
        </p>
      ) : null}
      {request.message ? (
        <p className="whitespace-pre-wrap break-words">{request.message}</p>
      ) : null}
      {w?.processedBy ? (
        <p className="text-xs text-muted-foreground">
          {t("fields.processedBy", { username: w.processedBy })}
        </p>
      ) : null}
      {w?.txHash && w.explorerUrl && hasTransaction(w.status) ? (
        <a
          href={w.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-mono text-xs break-all text-primary underline-offset-4 hover:underline"
        >
          {t("fields.txHash")}: {w.txHash}
          <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
        </a>
      ) : null}
      {w?.failureReason ? (
        <p className="text-destructive">{t("fields.reason", { reason: w.failureReason })}</p>
      ) : null}
      <time dateTime={request.createdAt} className="text-xs text-muted-foreground">
        {fmt.dateTime(request.createdAt)}
      </time>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="justify-self-start px-0"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <MessageSquare aria-hidden="true" />
        {open ? t("thread.close") : t("thread.open")}
      </Button>
      {open ? <RequestThread audience={audience} requestId={request.id} /> : null}
    </div>
  );
}
