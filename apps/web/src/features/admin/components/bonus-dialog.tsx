import { zodResolver } from "@hookform/resolvers/zod";
import { EVENT_BONUS, type TGrantBonusRequest, ZGrantBonusRequest } from "@viewvault/shared";
import { Gift, Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
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
import { fieldText, setServerError } from "@/lib/form";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useGrantBonus } from "../api/grant-bonus";
import { useStepUp } from "../hooks/use-step-up";

/**
 * Grants an event bonus (USDT, with the reason the member sees): it appears on their dashboard
 * and is claimed from there. The grant is a money button (useIdempotentMutation): one
 * Idempotency-Key per intent, the button disabled while it runs; a stale step-up opens the
 * console's step-up dialog, then retries.
 */
export function BonusDialog({
  member,
  onClose,
}: {
  member: { id: string; username: string };
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  const grant = useGrantBonus(member.id);
  const stepUp = useStepUp();
  const form = useForm<TGrantBonusRequest>({
    resolver: zodResolver(ZGrantBonusRequest),
    defaultValues: { amount: "", reason: "" },
  });
  const { errors } = form.formState;
  const amountError = fieldText(t, errors.amount?.message);
  const reasonError = fieldText(t, errors.reason?.message);
  const username = member.username;

  const submit = (values: TGrantBonusRequest) => {
    const run = () =>
      grant.mutate(values, {
        onSuccess: (bonus) => {
          toast.success(
            t("bonus.granted", { amount: fmt.amount(bonus.claimAmount, "USDT"), username }),
          );
          onClose();
        },
        onError: (error) => {
          if (stepUp.guard(error, run)) return;
          setServerError(form.setError, t, error, {
            fields: ["amount", "reason"],
            fallback: t("actions.failed"),
          });
        },
      });
    run();
  };

  return (
    <>
      <Dialog open onOpenChange={(open) => (open || grant.isPending ? null : onClose())}>
        <DialogContent closeLabel={t("common:dialog.close")}>
          <DialogHeader>
            <DialogTitle>{t("bonus.title", { username })}</DialogTitle>
            <DialogDescription>{t("bonus.text")}</DialogDescription>
          </DialogHeader>
          <form onSubmit={form.handleSubmit(submit)} className="grid gap-4" noValidate>
            <FormError message={errors.root?.server?.message} />
            <div className="grid gap-2">
              <Label htmlFor="bonus-amount">{t("bonus.amount")}</Label>
              <Input
                id="bonus-amount"
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={amountError ? true : undefined}
                aria-describedby="bonus-amount-error"
                {...form.register("amount")}
              />
              <FieldError id="bonus-amount-error">{amountError}</FieldError>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="bonus-reason">{t("bonus.reason")}</Label>
              <Input
                id="bonus-reason"
                maxLength={EVENT_BONUS.reasonMaxLength}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby="bonus-reason-hint bonus-reason-error"
                {...form.register("reason")}
              />
              <p id="bonus-reason-hint" className="text-xs text-muted-foreground">
                {t("bonus.reasonHint")}
              </p>
              <FieldError id="bonus-reason-error">{reasonError}</FieldError>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={grant.isPending}>
                {t("actions.cancel")}
              </Button>
              <Button type="submit" disabled={grant.isPending}>
                {grant.isPending ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : (
                  <Gift aria-hidden="true" />
                )}
                {t("bonus.submit")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {stepUp.dialog}
    </>
  );
}
