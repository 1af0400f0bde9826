import { zodResolver } from "@hookform/resolvers/zod";
import {
  parseUsdt,
  problemMessage,
  type TCreateWithdrawalRequest,
  type TReauthForm,
  type TWithdrawForm,
  WITHDRAWAL,
  withdrawalQuote,
  ZReauthForm,
} from "@viewvault/shared";
import { Fingerprint, Loader2, Lock, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
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
import { ApiError } from "@/lib/api-client";
import { fieldText } from "@/lib/form";
import { PasskeyPromptError, passkeyProofFor } from "@/lib/passkey-step-up";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import type { useCreateWithdrawal } from "../api/create-withdrawal";

/**
 * The withdrawal as it will be sent, and the password, a 2FA code or — for a member with one — a
 * passkey asked for this very withdrawal (ADR 074), checked by the server.
 * "Confirm withdrawal" goes through the form's idempotent mutation: a double click submits once,
 * a retry after a lost answer replays the same request, and the button is disabled meanwhile.
 */
export function ConfirmWithdrawalDialog({
  withdrawal,
  twoFactorEnabled,
  hasPasskey = false,
  mutation,
  onCancel,
  onDone,
  onRefused,
}: {
  withdrawal: TWithdrawForm;
  twoFactorEnabled: boolean;
  /** The member has a passkey: offer it first. */
  hasPasskey?: boolean;
  mutation: ReturnType<typeof useCreateWithdrawal>;
  onCancel: () => void;
  onDone: () => void;
  onRefused: (error: unknown) => void;
}) {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  const ids = useId();
  // The same contract as confirming a payout wallet: a 2FA code, or the password.
  const form = useForm<z.input<typeof ZReauthForm>, unknown, TReauthForm>({
    resolver: zodResolver(ZReauthForm),
    defaultValues: { method: twoFactorEnabled ? "code" : "password", secret: "" },
  });
  const method = useWatch({ control: form.control, name: "method" });
  const secretError = fieldText(t, form.formState.errors.secret?.message);
  const [failed, setFailed] = useState<string | null>(null);
  const amount = parseUsdt(withdrawal.amount.trim()) ?? 0n;
  const { fee, net } = withdrawalQuote(withdrawal.network, amount);

  const [asking, setAsking] = useState(false);
  const busy = asking || mutation.isPending;
  const sent = {
    amount: withdrawal.amount.trim(),
    network: withdrawal.network,
    walletAddress: withdrawal.walletAddress.trim(),
  };

  function confirm(values: TReauthForm) {
    send({
      ...sent,
      ...(values.method === "code" ? { code: values.secret } : { password: values.secret }),
    });
  }

  async function confirmWithPasskey() {
    setFailed(null);
    setAsking(true);
    try {
      const passkey = await passkeyProofFor({ kind: "withdrawal", ...sent });
      send({ ...sent, passkey });
    } catch (error) {
      if (error instanceof PasskeyPromptError) setFailed(t("errors:auth.PASSKEY_CANCELLED"));
      else if (error instanceof ApiError && error.refused) setFailed(problemMessage(error.problem));
      else setFailed(t("messages.failed"));
    } finally {
      setAsking(false);
    }
  }

  function send(request: TCreateWithdrawalRequest) {
    setFailed(null);
    mutation.mutate(request, {
      onSuccess: () => {
        toast.success(t("messages.success"), {
          description: t("messages.successDetail", { amount: fmt.amount(amount, "USDT") }),
        });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.refused) {
          if (
            error.code === "PASSKEY_CHALLENGE_INVALID" ||
            error.code === "PASSKEY_STEP_UP_FAILED"
          ) {
            setFailed(problemMessage(error.problem));
            return;
          }
          if (error.code === "INVALID_CREDENTIALS" || error.field === "code") {
            form.setError("secret", { type: error.code, message: problemMessage(error.problem) });
            return;
          }
          onRefused(error);
          return;
        }
        // The answer was lost or the server failed: the same key makes a retry safe.
        setFailed(t("messages.failed"));
        toast.error(t("messages.failed"));
      },
    });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onCancel();
      }}
    >
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("confirm.title")}</DialogTitle>
          <DialogDescription>
            {method === "code" ? t("confirm.withCode") : t("confirm.withPassword")}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(confirm)} className="grid gap-4" noValidate>
          <FormError message={failed} />
          <dl className="grid gap-2 rounded-xl border bg-muted/30 p-4 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{t("confirm.amount")}</dt>
              <dd className="font-semibold tabular-nums" data-testid="confirm-amount">
                {fmt.amount(amount, "USDT")}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{t("form.fee")}</dt>
              <dd className="tabular-nums">{fmt.amount(fee, "USDT")}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{t("form.receive")}</dt>
              <dd className="font-semibold tabular-nums">{fmt.amount(net, "USDT")}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">
                {t("confirm.to")} · {withdrawal.network}
              </dt>
              <dd className="font-mono text-xs break-all">{withdrawal.walletAddress.trim()}</dd>
            </div>
          </dl>
          <p className="text-xs text-muted-foreground">
            {t("confirm.final", {
              min: WITHDRAWAL.processingHours.min,
              max: WITHDRAWAL.processingHours.max,
            })}
          </p>
          {hasPasskey ? (
            <div className="grid gap-2">
              <Button
                type="button"
                variant="gradient"
                onClick={() => void confirmWithPasskey()}
                disabled={busy}
              >
                {asking ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : (
                  <Fingerprint aria-hidden="true" />
                )}
                {t("confirm.withPasskey")}
              </Button>
              <p className="text-center text-xs text-muted-foreground">{t("confirm.orSecret")}</p>
            </div>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-secret`}>
              {method === "code" ? t("confirm.code") : t("confirm.password")}
            </Label>
            <Input
              id={`${ids}-secret`}
              type={method === "code" ? "text" : "password"}
              inputMode={method === "code" ? "numeric" : undefined}
              autoComplete={method === "code" ? "one-time-code" : "current-password"}
              maxLength={method === "code" ? 6 : 128}
              {...form.register("secret")}
              aria-invalid={secretError ? true : undefined}
              aria-describedby={`${ids}-secret-error`}
            />
            <FieldError id={`${ids}-secret-error`}>{secretError}</FieldError>
          </div>
          {twoFactorEnabled ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="justify-self-start px-0"
              onClick={() =>
                form.reset({ method: method === "code" ? "password" : "code", secret: "" })
              }
            >
              {method === "code" ? <Lock aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
              {method === "code" ? t("confirm.usePassword") : t("confirm.useCode")}
            </Button>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
              {t("common:dialog.cancel")}
            </Button>
            <Button type="submit" variant={hasPasskey ? "outline" : "gradient"} disabled={busy}>
              {mutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {mutation.isPending ? t("confirm.sending") : t("confirm.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
