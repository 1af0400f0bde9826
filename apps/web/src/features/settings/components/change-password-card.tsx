import { useQueryClient } from "@tanstack/react-query";
import { PASSWORD } from "@viewvault/shared";
import { KeyRound, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError, PasswordField } from "@/components/ui/form-field";
import { AuthError, authErrorMessage } from "@/lib/auth";
import { changePassword } from "../api/change-password";
import { sessionsQueryKey } from "../api/list-sessions";

export function ChangePasswordCard() {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (next.length < PASSWORD.minLength) return setError(t("auth:validation.passwordTooShort"));
    if (next !== confirm) return setError(t("auth:validation.passwordsDoNotMatch"));
    setBusy(true);
    try {
      await changePassword(current, next);
      setCurrent("");
      setNext("");
      setConfirm("");
      toast.success(t("password.changed"));
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    } catch (caught) {
      setError(
        caught instanceof AuthError && caught.code === "INVALID_PASSWORD"
          ? t("password.wrongCurrent")
          : authErrorMessage(t, caught),
      );
    } finally {
      setBusy(false);
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
        <form onSubmit={onSubmit} className="grid gap-4 sm:max-w-md" noValidate>
          <FormError message={error} />
          <PasswordField
            id="password-current"
            label={t("password.current")}
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
          <PasswordField
            id="password-new"
            label={t("password.new")}
            autoComplete="new-password"
            value={next}
            onChange={setNext}
          />
          <PasswordField
            id="password-confirm"
            label={t("password.confirm")}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
          />
          <Button
            type="submit"
            className="justify-self-start"
            disabled={busy || !current || !next || !confirm}
          >
            {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {t("password.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
