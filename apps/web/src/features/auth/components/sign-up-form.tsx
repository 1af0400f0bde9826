import { zodResolver } from "@hookform/resolvers/zod";
import { ZSignUpForm } from "@viewvault/shared";
import { Loader2, MailCheck, UserRoundPlus } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { UsernameStatusHint } from "@/components/account/username-status";
import { PasswordStrengthMeter } from "@/components/password-strength-meter";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormError, PasswordField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { authErrorMessage, useAuth } from "@/lib/auth";
import { fieldText } from "@/lib/form";
import { currentLocale } from "@/lib/i18n";
import { usePasswordStrength, WEAKEST_REFUSED_SCORE } from "@/lib/password-strength";
import { useUsernameAvailability } from "@/lib/username-availability";

type SignUpValues = z.input<typeof ZSignUpForm>;
type SignUpOutput = z.output<typeof ZSignUpForm>;

const linkClass = "font-medium text-primary underline underline-offset-4 hover:no-underline";

/**
 * Username (checked live), e-mail, password, confirmation and the terms, on `ZSignUpForm`.
 * "Create Account" stays disabled while a request runs or until the terms are accepted.
 */
export function SignUpForm({ referralId }: { referralId?: string | null }) {
  const { t } = useTranslation("auth");
  const { signUp } = useAuth();
  const form = useForm<SignUpValues, unknown, SignUpOutput>({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: {
      username: "",
      email: "",
      password: "",
      confirmPassword: "",
      acceptTerms: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [termsTouched, setTermsTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [username, email, password, confirmPassword, acceptTerms] = useWatch({
    control: form.control,
    name: ["username", "email", "password", "confirmPassword", "acceptTerms"],
  });
  const usernameStatus = useUsernameAvailability(username);
  const strength = usePasswordStrength(password, [username, email]);

  const allFilled = [username, email, password, confirmPassword].every((v) => v.trim() !== "");
  const showTermsHint = !acceptTerms && (termsTouched || allFilled);

  async function onValid(values: SignUpOutput) {
    if (usernameStatus === "taken") {
      form.setError("username", { message: "errors:auth.USERNAME_IS_ALREADY_TAKEN" });
      return;
    }
    if (strength !== null && strength <= WEAKEST_REFUSED_SCORE) {
      form.setError("password", { message: "errors:auth.PASSWORD_TOO_WEAK" });
      return;
    }
    try {
      await signUp({
        username: values.username,
        email: values.email,
        password: values.password,
        locale: currentLocale(),
        ...(referralId ? { referralId } : {}),
      });
      setSentTo(values.email);
      form.resetField("password");
      form.resetField("confirmPassword");
    } catch (caught) {
      form.setError("root.server", { message: authErrorMessage(t, caught) });
    }
  }

  if (sentTo) {
    return (
      <Alert>
        <MailCheck aria-hidden="true" className="text-success" />
        <AlertTitle>{t("signUp.success")}</AlertTitle>
        <AlertDescription>{t("signUp.successDetail", { email: sentTo })}</AlertDescription>
      </Alert>
    );
  }

  const error = (field: "username" | "email" | "password" | "confirmPassword") =>
    fieldText(t, errors[field]?.message);

  return (
    <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
      <FormError message={errors.root?.server?.message} />

      <div className="grid gap-2">
        <Label htmlFor="signup-username">{t("fields.username")}</Label>
        <Input
          id="signup-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder={t("fields.usernamePlaceholder")}
          aria-describedby={
            errors.username
              ? "signup-username-status signup-username-error"
              : "signup-username-status"
          }
          aria-invalid={errors.username || usernameStatus === "taken" ? true : undefined}
          {...form.register("username")}
        />
        <UsernameStatusHint id="signup-username-status" status={usernameStatus} />
        <FieldError id="signup-username-error">{error("username")}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="signup-email">{t("fields.email")}</Label>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={t("fields.emailPlaceholder")}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "signup-email-error" : undefined}
          {...form.register("email")}
        />
        <FieldError id="signup-email-error">{error("email")}</FieldError>
      </div>
      <PasswordField
        id="signup-password"
        label={t("fields.password")}
        autoComplete="new-password"
        required
        error={error("password")}
        {...form.register("password")}
      />
      <PasswordStrengthMeter score={strength} />
      <PasswordField
        id="signup-confirm"
        label={t("fields.confirmPassword")}
        autoComplete="new-password"
        required
        error={error("confirmPassword")}
        {...form.register("confirmPassword")}
      />
      <div className="grid gap-1.5">
        <div className="flex items-start gap-2 text-sm">
          <input
            id="signup-terms"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-(--primary)"
            aria-describedby={showTermsHint ? "signup-terms-hint" : undefined}
            {...form.register("acceptTerms", { onChange: () => setTermsTouched(true) })}
          />
          <label htmlFor="signup-terms" className="cursor-pointer leading-snug">
            <Trans
              t={t}
              i18nKey="signUp.terms"
              components={{
                terms: <Link to="/terms" target="_blank" rel="noopener" className={linkClass} />,
                privacy: (
                  <Link to="/privacy" target="_blank" rel="noopener" className={linkClass} />
                ),
              }}
            />
          </label>
        </div>
        {showTermsHint ? (
          <p id="signup-terms-hint" className="text-sm text-destructive">
            {t("errors:validation.acceptTerms")}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="gradient" disabled={isSubmitting || !acceptTerms}>
        {isSubmitting ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <UserRoundPlus aria-hidden="true" />
        )}
        {isSubmitting ? t("signUp.submitting") : t("signUp.submit")}
      </Button>
    </form>
  );
}
