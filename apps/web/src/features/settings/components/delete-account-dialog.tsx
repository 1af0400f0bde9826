import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import {
  type TDeleteAccountForm,
  type TDeleteAccountRequest,
  ZDeleteAccountForm,
} from "@viewvault/shared";
import { Loader2, Trash2 } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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
  return api.post<{ deleted: true }>("/api/me/delete", request);
}

/**
 * Delete my account: the password or a 2FA code again and, when a balance remains, the explicit
 * choice to give it up. On success every session is gone: the browser goes to the home page.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("settings");
  const ids = useId();
  const fmt = useMoneyFormat();
  const balances = toBigBalances(useBalances().data);
  const hasBalance = !!balances && (balances.views > 0n || balances.usdt > 0n);
  const form = useForm<TDeleteAccountForm>({
    defaultValues: { password: "", code: "", forfeitBalance: false },
    resolver: zodResolver(ZDeleteAccountForm),
  });
  const mutation = useMutation({ mutationFn: deleteAccount });
  const { errors } = form.formState;

  function onValid(values: TDeleteAccountForm) {
    mutation.mutate(
      {
        ...(values.password ? { password: values.password } : {}),
        ...(values.code ? { code: values.code } : {}),
        forfeitBalance: values.forfeitBalance,
      },
      {
        onSuccess: () => {
          toast.success(t("data.deleted"));
          window.location.assign("/");
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
          <DialogDescription>{t("data.deleteDescription")}</DialogDescription>
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
