import { zodResolver } from "@hookform/resolvers/zod";
import { type TResetPasswordForm, ZResetPasswordForm } from "@viewvault/shared";
import { KeyRound, Loader2 } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordStrengthMeter } from "@/components/password-strength-meter";
import { Button } from "@/components/ui/button";
import { FormError, PasswordField } from "@/components/ui/form-field";
import { AuthError, authErrorMessage } from "@/lib/auth";
import { fieldText } from "@/lib/form";
import { usePasswordStrength, WEAKEST_REFUSED_SCORE } from "@/lib/password-strength";
import { resetPassword } from "../api/reset-password";

/** New password + confirmation (`ZResetPasswordForm`) for the token of an e-mailed reset link. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation("auth");
  const form = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const strength = usePasswordStrength(useWatch({ control: form.control, name: "password" }));

  async function onValid(values: TResetPasswordForm) {
    if (strength !== null && strength <= WEAKEST_REFUSED_SCORE) {
      form.setError("password", { message: "errors:auth.PASSWORD_TOO_WEAK" });
      return;
    }
    try {
      await resetPassword(token, values.password);
      onDone();
    } catch (caught) {
      form.setError("root.server", {
        message:
          caught instanceof AuthError && caught.code === "INVALID_TOKEN"
            ? t("reset.invalidLink")
            : authErrorMessage(t, caught),
      });
    }
  }

  const busy = isSubmitting;
  return (
    <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
      <FormError message={errors.root?.server?.message} />
      <PasswordField
        id="reset-password"
        label={t("reset.newPassword")}
        autoComplete="new-password"
        error={fieldText(t, errors.password?.message)}
        {...form.register("password")}
      />
      <PasswordStrengthMeter score={strength} />
      <PasswordField
        id="reset-confirm"
        label={t("reset.confirmPassword")}
        autoComplete="new-password"
        error={fieldText(t, errors.confirmPassword?.message)}
        {...form.register("confirmPassword")}
      />
      <Button type="submit" variant="gradient" disabled={busy}>
        {busy ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <KeyRound aria-hidden="true" />
        )}
        {busy ? t("reset.submitting") : t("reset.submit")}
      </Button>
    </form>
  );
}
