import { AlertCircle, CheckCircle2, Loader2, LogIn, MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AuthError, authErrorMessage, useAuth } from "@/lib/auth";
import { requestPasswordReset } from "../api/request-password-reset";
import { resendVerificationEmail } from "../api/resend-verification-email";
import { TwoFactorStep } from "./two-factor-step";

type Notice = { kind: "error" | "success"; text: string } | null;

/**
 * E-mail and password, "Forgot Password?", a resend button when the e-mail is not confirmed
 * yet, and the two-factor step when the account has it.
 */
export function SignInForm({ linkError }: { linkError?: string | null }) {
  const { t } = useTranslation("auth");
  const { signIn } = useAuth();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState<"signIn" | "reset" | "resend" | null>(null);
  const [notice, setNotice] = useState<Notice>(
    linkError ? { kind: "error", text: linkError } : null,
  );
  const [unverified, setUnverified] = useState(Boolean(linkError));
  const [step, setStep] = useState<"credentials" | "twoFactor">("credentials");

  if (step === "twoFactor") {
    return <TwoFactorStep onBack={() => setStep("credentials")} />;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    setUnverified(false);
    setBusy("signIn");
    try {
      const result = await signIn({ email: email.trim(), password });
      if (result.twoFactorRequired) setStep("twoFactor");
    } catch (error) {
      if (error instanceof AuthError && error.code === "EMAIL_NOT_VERIFIED") {
        setUnverified(true);
        setNotice({ kind: "error", text: t("signIn.notVerified") });
      } else {
        setNotice({ kind: "error", text: authErrorMessage(t, error) });
      }
    } finally {
      setBusy(null);
    }
  }

  async function onForgotPassword() {
    if (!email.trim()) {
      setNotice({ kind: "error", text: t("signIn.emailRequired") });
      return;
    }
    setNotice(null);
    setBusy("reset");
    try {
      await requestPasswordReset(email.trim());
      setNotice({ kind: "success", text: t("signIn.resetSent") });
    } catch (error) {
      setNotice({ kind: "error", text: authErrorMessage(t, error) });
    } finally {
      setBusy(null);
    }
  }

  async function onResend() {
    if (!email.trim()) {
      setNotice({ kind: "error", text: t("signIn.emailRequired") });
      return;
    }
    setBusy("resend");
    try {
      await resendVerificationEmail(email.trim());
      toast.success(t("signIn.verificationSent"));
      setNotice({ kind: "success", text: t("signIn.verificationSent") });
      setUnverified(false);
    } catch (error) {
      setNotice({ kind: "error", text: authErrorMessage(t, error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      {notice ? (
        <Alert variant={notice.kind === "error" ? "destructive" : "default"}>
          {notice.kind === "error" ? (
            <AlertCircle aria-hidden="true" />
          ) : (
            <CheckCircle2 aria-hidden="true" className="text-success" />
          )}
          <AlertDescription className="text-foreground">{notice.text}</AlertDescription>
          {unverified ? (
            <div className="col-start-2 mt-2">
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={onResend}
                disabled={busy !== null}
              >
                {busy === "resend" ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : (
                  <MailCheck aria-hidden="true" />
                )}
                {t("signIn.resendVerification")}
              </Button>
            </div>
          ) : null}
        </Alert>
      ) : null}

      <div className="grid gap-2">
        <Label htmlFor="signin-email">{t("fields.email")}</Label>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={t("fields.emailPlaceholder")}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="signin-password">{t("fields.password")}</Label>
          <Button
            type="button"
            variant="link"
            className="h-auto p-0 text-xs"
            onClick={onForgotPassword}
            disabled={busy !== null}
          >
            {t("signIn.forgotPassword")}
          </Button>
        </div>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <Button
        type="submit"
        variant="gradient"
        disabled={busy !== null || !email.trim() || !password}
      >
        {busy === "signIn" ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <LogIn aria-hidden="true" />
        )}
        {busy === "signIn" ? t("signIn.submitting") : t("signIn.submit")}
      </Button>
    </form>
  );
}
