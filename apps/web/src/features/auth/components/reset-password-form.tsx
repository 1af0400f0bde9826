import { PASSWORD } from "@viewvault/shared";
import { KeyRound, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { FormError, PasswordField } from "@/components/ui/form-field";
import { AuthError, authErrorMessage } from "@/lib/auth";
import { resetPassword } from "../api/reset-password";

/** New password + confirmation for the token of an e-mailed reset link. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation("auth");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < PASSWORD.minLength) {
      setError(t("validation.passwordTooShort"));
      return;
    }
    if (password !== confirm) {
      setError(t("validation.passwordsDoNotMatch"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      onDone();
    } catch (caught) {
      setError(
        caught instanceof AuthError && caught.code === "INVALID_TOKEN"
          ? t("reset.invalidLink")
          : authErrorMessage(t, caught),
      );
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormError message={error} />
      <PasswordField
        id="reset-password"
        label={t("reset.newPassword")}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <PasswordField
        id="reset-confirm"
        label={t("reset.confirmPassword")}
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
      />
      <Button type="submit" variant="gradient" disabled={busy || !password || !confirm}>
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
