import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { type TChangePasswordForm, ZChangePasswordForm } from "@viewvault/shared";
import { KeyRound, Loader2 } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordStrengthMeter } from "@/components/password-strength-meter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError, PasswordField } from "@/components/ui/form-field";
import { AuthError, authErrorMessage } from "@/lib/auth";
import { fieldText } from "@/lib/form";
import { usePasswordStrength, WEAKEST_REFUSED_SCORE } from "@/lib/password-strength";
import { toast } from "@/lib/toast";
import { changePassword } from "../api/change-password";
import { sessionsQueryKey } from "../api/list-sessions";

const EMPTY: TChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Current password, new password and confirmation (`ZChangePasswordForm`). */
export function ChangePasswordCard() {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const strength = usePasswordStrength(useWatch({ control: form.control, name: "newPassword" }));

  async function onValid(values: TChangePasswordForm) {
    if (strength !== null && strength <= WEAKEST_REFUSED_SCORE) {
      form.setError("newPassword", { message: "errors:auth.PASSWORD_TOO_WEAK" });
      return;
    }
    try {
      await changePassword(values.currentPassword, values.newPassword);
      form.reset(EMPTY);
      toast.success(t("password.changed"));
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    } catch (caught) {
      if (caught instanceof AuthError && caught.code === "INVALID_PASSWORD") {
        form.setError("currentPassword", { message: "errors:auth.INVALID_PASSWORD" });
      } else {
        form.setError("root.server", { message: authErrorMessage(t, caught) });
      }
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          {t("password.title")}
        </CardTitle>
        <CardDescription>{t("password.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4 sm:max-w-md" noValidate>
          <FormError message={errors.root?.server?.message} />
          <PasswordField
            id="password-current"
            label={t("password.current")}
            autoComplete="current-password"
            error={fieldText(t, errors.currentPassword?.message)}
            {...form.register("currentPassword")}
          />
          <PasswordField
            id="password-new"
            label={t("password.new")}
            autoComplete="new-password"
            error={fieldText(t, errors.newPassword?.message)}
            {...form.register("newPassword")}
          />
          <PasswordStrengthMeter score={strength} />
          <PasswordField
            id="password-confirm"
            label={t("password.confirm")}
            autoComplete="new-password"
            error={fieldText(t, errors.confirmPassword?.message)}
            {...form.register("confirmPassword")}
          />
          <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
            {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {t("password.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
