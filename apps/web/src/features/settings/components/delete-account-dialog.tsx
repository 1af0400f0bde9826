import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import {
  ACCOUNT_DELETION,
  type TDeleteAccountForm,
  type TDeleteAccountRequest,
  type TDeleteAccountResult,
  ZDeleteAccountForm,
} from "@viewvault/shared";
import { Loader2, Trash2 } from "lucide-react";
import { useId, useState } from "react";
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
import { FormError, PasswordField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { api } from "@/lib/api-client";
import { toBigBalances, useBalances } from "@/lib/balances";
import { fieldText, setServerError } from "@/lib/form";
import { useMoneyFormat } from "@/lib/use-money-format";

function deleteAccount(request: TDeleteAccountRequest) {
  return api.post<TDeleteAccountResult>("/api/me/delete", request);
}

/**
 * Delete my account: the password or a 2FA code again and, when a balance remains, the explicit
 * choice to give it up. The deletion is scheduled (ADR 036) and every session is gone: the
 * browser goes to the home page with the date; signing in before then cancels it.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation("settings");
  const ids = useId();
  const fmt = useMoneyFormat();
  const balances = toBigBalances(useBalances().data);
  const hasBalance = !!balances && (balances.views > 0n || balances.usdt > 0n);
  const form = useForm<TDeleteAccountForm>({
    defaultValues: { password: "", code: "", forfeitBalance: false },
    resolver: zodResolver(ZDeleteAccountForm),
  });
  const mutation = useMutation({ mutationFn: deleteAccount });
  // Once scheduled, every session is gone: the dialog says when, then the browser goes home.
  const [scheduled, setScheduled] = useState<string | null>(null);
  const leave = () => window.location.assign("/");
  const { errors } = form.formState;

  function onValid(values: TDeleteAccountForm) {
    mutation.mutate(
      {
        ...(values.password ? { password: values.password } : {}),
        ...(values.code ? { code: values.code } : {}),
        forfeitBalance: values.forfeitBalance,
      },
      {
        onSuccess: ({ deleteAt }) => {
          const date = new Intl.DateTimeFormat(i18n.language, {
            dateStyle: "long",
            timeStyle: "short",
          }).format(new Date(deleteAt));
          setScheduled(t("data.deleted", { date }));
        },
        onError: (error) =>
          setServerError(form.setError, t, error, {
            fields: ["password", "code", "forfeitBalance"],
            fallback: t("data.failed"),
          }),
      },
    );
  }

  const forfeitError = fieldText(t, errors.forfeitBalance?.message);
  if (scheduled) {
    return (
      <Dialog open onOpenChange={(open) => (open ? undefined : leave())}>
        <DialogContent closeLabel={t("common:dialog.close")}>
          <DialogHeader>
            <DialogTitle>{t("data.scheduledTitle")}</DialogTitle>
            <DialogDescription role="status">{scheduled}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" onClick={leave}>
              {t("data.scheduledOk")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onClose();
      }}
    >
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("data.deleteTitle")}</DialogTitle>
          <DialogDescription>
            {t("data.deleteDescription", { days: ACCOUNT_DELETION.graceDays })}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={form.handleSubmit(onValid)}
          noValidate
          className="grid gap-4"
          aria-label={t("data.deleteTitle")}
        >
          <FormError message={errors.root?.server?.message} />
          <PasswordField
            id={`${ids}-password`}
            label={t("data.password")}
            autoComplete="current-password"
            error={fieldText(t, errors.password?.message)}
            {...form.register("password")}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-code`}>{t("data.code")}</Label>
            <Input
              id={`${ids}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={`${ids}-code-error`}
              {...form.register("code")}
            />
            <FieldError id={`${ids}-code-error`}>{fieldText(t, errors.code?.message)}</FieldError>
          </div>
          {hasBalance ? (
            <div className="grid gap-1">
              <label className="flex items-start gap-2 text-sm" htmlFor={`${ids}-forfeit`}>
                <input
                  id={`${ids}-forfeit`}
                  type="checkbox"
                  className="mt-1 size-4 accent-destructive"
                  aria-describedby={`${ids}-forfeit-error`}
                  {...form.register("forfeitBalance")}
                />
                {t("data.forfeit", {
                  views: fmt.amount(balances.views, "VIEWS"),
                  usdt: fmt.amount(balances.usdt, "USDT"),
                })}
              </label>
              <FieldError id={`${ids}-forfeit-error`}>{forfeitError}</FieldError>
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={mutation.isPending}>
              {t("common:dialog.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={mutation.isPending}>
              {mutation.isPending ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Trash2 aria-hidden="true" />
              )}
              {mutation.isPending ? t("data.deleting") : t("data.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
