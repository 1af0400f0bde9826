import { zodResolver } from "@hookform/resolvers/zod";
import { type TTwoFactorForm, ZTwoFactorForm } from "@viewvault/shared";
import { ArrowLeft, KeyRound, Loader2, ShieldCheck } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { authErrorMessage, useAuth } from "@/lib/auth";
import { fieldText } from "@/lib/form";
import { toast } from "@/lib/toast";

type TwoFactorValues = z.input<typeof ZTwoFactorForm>;

/** Second sign-in step (`ZTwoFactorForm`): a 6-digit code from the authenticator app, or a backup code. */
export function TwoFactorStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("auth");
  const { verifyTwoFactor } = useAuth();
  const form = useForm<TwoFactorValues, unknown, TTwoFactorForm>({
    resolver: zodResolver(ZTwoFactorForm),
    defaultValues: { method: "totp", code: "", trustDevice: false },
  });
  const { errors, isSubmitting } = form.formState;
  const method = useWatch({ control: form.control, name: "method" });
  const codeError = fieldText(t, errors.code?.message);

  async function onValid(values: TTwoFactorForm) {
    try {
      const { deletionCancelled } = await verifyTwoFactor(values);
      if (deletionCancelled) toast.success(t("signIn.deletionCancelled"));
    } catch (caught) {
      form.setError("root.server", { message: authErrorMessage(t, caught) });
    }
  }

  function switchMethod() {
    form.reset({
      method: method === "totp" ? "backup" : "totp",
      code: "",
      trustDevice: form.getValues("trustDevice"),
    });
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="font-semibold">{t("twoFactor.title")}</h2>
          <p className="text-sm text-muted-foreground">
            {method === "totp" ? t("twoFactor.description") : t("twoFactor.backupDescription")}
          </p>
        </div>
      </div>
      <FormError message={errors.root?.server?.message} />
      <div className="grid gap-2">
        <Label htmlFor="two-factor-code">
          {method === "totp" ? t("twoFactor.code") : t("twoFactor.backupCode")}
        </Label>
        <Input
          id="two-factor-code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={method === "totp" ? "numeric" : "text"}
          maxLength={method === "totp" ? 6 : 32}
          className="font-mono tracking-widest"
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? "two-factor-code-error" : undefined}
          {...form.register("code")}
        />
        <FieldError id="two-factor-code-error">{codeError}</FieldError>
      </div>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-(--primary)"
          {...form.register("trustDevice")}
        />
        {t("twoFactor.trustDevice")}
      </label>
      <Button type="submit" variant="gradient" disabled={isSubmitting}>
        {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {isSubmitting ? t("twoFactor.verifying") : t("twoFactor.verify")}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {t("twoFactor.back")}
        </Button>
        <Button type="button" variant="link" size="sm" onClick={switchMethod}>
          <KeyRound aria-hidden="true" />
          {method === "totp" ? t("twoFactor.useBackup") : t("twoFactor.useApp")}
        </Button>
      </div>
    </form>
  );
}
