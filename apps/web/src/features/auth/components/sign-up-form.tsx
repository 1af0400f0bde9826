import { ZSignUpForm } from "@viewvault/shared";
import { Loader2, MailCheck, UserRoundPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { UsernameStatusHint } from "@/components/account/username-status";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormError, PasswordField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { authErrorMessage, useAuth } from "@/lib/auth";
import { currentLocale } from "@/lib/i18n";
import { useUsernameAvailability } from "@/lib/username-availability";
import { validationMessage } from "@/lib/validation-message";

type Field = "username" | "email" | "password" | "confirmPassword" | "acceptTerms";

const linkClass = "font-medium text-primary underline underline-offset-4 hover:no-underline";

/**
 * Username (checked live), e-mail, password, confirmation and the terms. "Create Account"
 * stays disabled while a request runs or until the terms are accepted.
 */
export function SignUpForm({ referralId }: { referralId?: string | null }) {
  const { t } = useTranslation("auth");
  const { signUp } = useAuth();
  const [values, setValues] = useState({
    username: "",
    email: "",
    password: "",
    confirmPassword: "",
  });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [termsTouched, setTermsTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; field?: Field } | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const usernameStatus = useUsernameAvailability(values.username);

  const allFilled = Object.values(values).every((value) => value.trim() !== "");
  const showTermsHint = !acceptTerms && (termsTouched || allFilled);

  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = ZSignUpForm.safeParse({ ...values, acceptTerms });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({
        text: validationMessage(t, issue?.message ?? ""),
        field: issue?.path[0] as Field | undefined,
      });
      return;
    }
    if (usernameStatus === "taken") {
      setError({ text: t("errors:auth.USERNAME_IS_ALREADY_TAKEN"), field: "username" });
      return;
    }
    setBusy(true);
    try {
      await signUp({
        username: parsed.data.username,
        email: parsed.data.email,
        password: parsed.data.password,
        locale: currentLocale(),
        ...(referralId ? { referralId } : {}),
      });
      setSentTo(parsed.data.email);
      setValues((current) => ({ ...current, password: "", confirmPassword: "" }));
    } catch (caught) {
      setError({ text: authErrorMessage(t, caught) });
    } finally {
      setBusy(false);
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

  const invalid = (field: Field) => (error?.field === field ? true : undefined);

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormError message={error?.text} />

      <div className="grid gap-2">
        <Label htmlFor="signup-username">{t("fields.username")}</Label>
        <Input
          id="signup-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder={t("fields.usernamePlaceholder")}
          aria-describedby="signup-username-status"
          aria-invalid={invalid("username") ?? (usernameStatus === "taken" ? true : undefined)}
          value={values.username}
          onChange={(event) => set("username")(event.target.value)}
        />
        <UsernameStatusHint id="signup-username-status" status={usernameStatus} />
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
          aria-invalid={invalid("email")}
          value={values.email}
          onChange={(event) => set("email")(event.target.value)}
        />
      </div>
      <PasswordField
        id="signup-password"
        label={t("fields.password")}
        autoComplete="new-password"
        required
        invalid={invalid("password")}
        value={values.password}
        onChange={set("password")}
      />
      <PasswordField
        id="signup-confirm"
        label={t("fields.confirmPassword")}
        autoComplete="new-password"
        required
        invalid={invalid("confirmPassword")}
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
      />
      <div className="grid gap-1.5">
        <div className="flex items-start gap-2 text-sm">
          <input
            id="signup-terms"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-(--primary)"
            checked={acceptTerms}
            aria-describedby={showTermsHint ? "signup-terms-hint" : undefined}
            onChange={(event) => {
              setAcceptTerms(event.target.checked);
              setTermsTouched(true);
            }}
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
            {t("validation.acceptTerms")}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="gradient" disabled={busy || !acceptTerms}>
        {busy ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <UserRoundPlus aria-hidden="true" />
        )}
        {busy ? t("signUp.submitting") : t("signUp.submit")}
      </Button>
    </form>
  );
}
