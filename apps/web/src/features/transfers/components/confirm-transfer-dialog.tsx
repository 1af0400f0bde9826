import type { TCreateTransferRequest, TMemberRef } from "@viewvault/shared";
import { Send } from "lucide-react";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { MemberAvatar, VerifiedMark } from "@/components/account/member-chip";
import { MoneyConfirmDialog } from "@/components/money/money-confirm-dialog";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import type { useCreateTransfer } from "../api/create-transfer";

export type PendingTransfer = {
  request: TCreateTransferRequest;
  recipient: TMemberRef;
  /** Minor units (views or micro-USDT). */
  amount: bigint;
};

/**
 * Shows who receives what before anything moves. "Confirm and send" goes through the form's
 * idempotent mutation: a double click sends once, a retry after a lost answer replays the same
 * transfer (same key), and the button is disabled while it runs.
 */
export function ConfirmTransferDialog({
  transfer,
  mutation,
  onCancel,
  onDone,
  onRefused,
  returnFocusTo,
}: {
  transfer: PendingTransfer;
  mutation: ReturnType<typeof useCreateTransfer>;
  onCancel: () => void;
  onDone: () => void;
  onRefused: (error: unknown) => void;
  /** Where the focus goes when the dialog closes (the review button, disabled while it checked
   * the recipient, so the dialog cannot remember it as the element focused before). */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation("transfer");
  const fmt = useMoneyFormat();
  const views = transfer.request.transferType === "VIEWS";
  const amountText = fmt.amount(transfer.amount, views ? "VIEWS" : "USDT");

  function confirm() {
    mutation.mutate(transfer.request, {
      onSuccess: () => {
        toast.success(t("messages.success"), {
          description: t("messages.successDetail", {
            amount: amountText,
            username: transfer.recipient.username,
          }),
        });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.refused) {
          onRefused(error);
          return;
        }
        // The answer was lost or the server failed: the same key makes a retry safe.
        toast.error(t("messages.failed"));
      },
    });
  }

  return (
    <MoneyConfirmDialog
      title={t("confirm.title")}
      description={t("confirm.description")}
      final={t("confirm.final")}
      icon={<Send aria-hidden="true" />}
      submitLabel={t("confirm.submit")}
      pendingLabel={t("confirm.sending")}
      pending={mutation.isPending}
      onConfirm={confirm}
      onCancel={onCancel}
      returnFocusTo={returnFocusTo}
    >
      <div className="grid justify-items-center gap-1 text-center">
        <span className="text-xs font-medium text-muted-foreground uppercase">
          {t("confirm.amount")}
        </span>
        <span className="text-3xl font-bold tabular-nums" data-testid="confirm-amount">
          {amountText}
        </span>
      </div>
      <div className="flex items-center gap-3 rounded-lg border bg-background p-3">
        <MemberAvatar username={transfer.recipient.username} className="size-11 text-lg" />
        <div className="grid min-w-0 gap-0.5">
          <span className="text-xs text-muted-foreground">{t("confirm.to")}</span>
          <span className="flex items-center gap-1.5 font-semibold">
            <span className="truncate">@{transfer.recipient.username}</span>
            {transfer.recipient.isVerified ? <VerifiedMark /> : null}
          </span>
          <span className="truncate font-mono text-[11px] text-muted-foreground">
            {transfer.recipient.id}
          </span>
        </div>
      </div>
    </MoneyConfirmDialog>
  );
}
