import { zodResolver } from "@hookform/resolvers/zod";
import {
  problemMessage,
  SUPPORT_DESK,
  type TSupportRequest,
  WITHDRAWAL,
  ZFailWithdrawalRequest,
} from "@viewvault/shared";
import { Loader2 } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { TextDialog } from "@/components/ui/text-dialog";
import { ApiError } from "@/lib/api-client";
import { fieldText } from "@/lib/form";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useFailWithdrawal, type useUpdateRequestStatus } from "../api/update-request";

const ZCompleteForm = z.object({ txHash: z.string().trim().max(80) });

/**
 * COMPLETED for a withdrawal: the transaction hash (checked by the server for the network), or —
 * when it awaits a second approval — the approval itself (the hash is already recorded).
 */
export function CompleteWithdrawalDialog({
  request,
  verified = false,
  mutation,
  onClose,
}: {
  request: TSupportRequest;
  /** The network's chain client checks the hash (ADR 058): a match is "Sent, confirming". */
  verified?: boolean;
  mutation: ReturnType<typeof useUpdateRequestStatus>;
  onClose: () => void;
}) {
  const { t } = useTranslation("support");
  const fmt = useMoneyFormat();
  const ids = useId();
  const w = request.withdrawal;
  const approving = w?.status === "AWAITING_APPROVAL";
  const form = useForm<z.infer<typeof ZCompleteForm>>({
    resolver: zodResolver(ZCompleteForm),
    defaultValues: { txHash: w?.txHash ?? "" },
  });
  const { errors } = form.formState;
  if (!w) return null;

  function onValid({ txHash }: { txHash: string }) {
    mutation.mutate(
      { requestId: request.id, status: "COMPLETED", ...(approving ? {} : { txHash }) },
      {
        onSuccess: () => {
          toast.success(t("desk.updated"));
          onClose();
        },
        onError: (error) => {
          const text = errorText(t, error, t("desk.updateFailed"));
          if (error instanceof ApiError && error.refused && error.field === "txHash") {
            form.setError("txHash", { type: error.code, message: problemMessage(error.problem) });
          } else {
            form.setError("root.server", { type: "server", message: text });
          }
          toast.error(text);
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (!open && !mutation.isPending ? onClose() : null)}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{approving ? t("desk.approve") : t("desk.complete.title")}</DialogTitle>
          <DialogDescription>
            {approving
              ? t(
                  w.txHash
                    ? "desk.complete.approveDescription"
                    : "desk.complete.approveBeforeSending",
                  { net: fmt.amount(w.net, "USDT"), network: w.network },
                )
              : t("desk.complete.description", {
                  net: fmt.amount(w.net, "USDT"),
                  network: w.network,
                })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
          <FormError message={errors.root?.server?.message} />
          <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">
            {w.network} · {w.walletAddress}
          </p>
          {!approving ? (
            <p className="text-xs text-muted-foreground" data-testid="payout-verify-hint">
              {verified
                ? t("payout.verifyHint", { network: w.network, net: fmt.amount(w.net, "USDT") })
                : t("payout.manual")}
            </p>
          ) : null}
          {approving ? (
            <p className="text-xs text-muted-foreground">
              {t("desk.complete.approval", {
                amount: fmt.amount(WITHDRAWAL.secondApprovalAboveMicroUsdt, "USDT"),
              })}
            </p>
          ) : null}
          {approving && !w.txHash ? null : approving ? (
            // Recorded before ADR 062 by the staff member who sent it: the approval only confirms.
            <p className="grid gap-1 text-sm">
              <span className="text-muted-foreground">{t("desk.complete.recordedHash")}</span>
              <span className="font-mono text-xs break-all">{w.txHash}</span>
            </p>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-hash`}>{t("desk.complete.hash")}</Label>
              <Input
                id={`${ids}-hash`}
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={errors.txHash ? true : undefined}
                aria-describedby={`${ids}-hash-error`}
                {...form.register("txHash")}
              />
              <FieldError id={`${ids}-hash-error`}>
                {fieldText(t, errors.txHash?.message)}
              </FieldError>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={mutation.isPending}>
              {t("common:dialog.cancel")}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {approving ? t("desk.approve") : t("desk.complete.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Failing a withdrawal: the reason (shown to the member); the full amount returns. */
export function FailWithdrawalDialog({
  request,
  onClose,
}: {
  request: TSupportRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation("support");
  const fail = useFailWithdrawal();
  return (
    <TextDialog
      title={t("desk.failDialog.title")}
      description={t("desk.failDialog.description")}
      label={t("desk.failDialog.reason")}
      field="reason"
      schema={ZFailWithdrawalRequest.shape.reason}
      maxLength={SUPPORT_DESK.reasonMaxLength}
      singleLine
      confirmLabel={t("desk.failDialog.submit")}
      destructive
      pending={fail.isPending}
      failedText={t("desk.updateFailed")}
      onConfirm={(reason, report) =>
        fail.mutate(
          { requestId: request.id, reason },
          {
            onSuccess: () => {
              toast.success(t("desk.updated"));
              onClose();
            },
            onError: (error) => {
              report(error);
              toast.error(errorText(t, error, t("desk.updateFailed")));
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
