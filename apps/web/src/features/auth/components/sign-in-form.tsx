import { zodResolver } from "@hookform/resolvers/zod";
import { type TSignInForm, ZSignInForm } from "@viewvault/shared";
import { AlertCircle, CheckCircle2, KeyRound, Loader2, LogIn, MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { AuthError, authErrorMessage, useAuth } from "@/lib/auth";
import { fieldText } from "@/lib/form";
import { toast } from "@/lib/toast";
import { requestPasswordReset } from "../api/request-password-reset";
import { resendVerificationEmail } from "../api/resend-verification-email";
import { TwoFactorStep } from "./two-factor-step";

/** Whether this browser has WebAuthn, and whether it can offer passkeys in a form field. */
function usePasskeySupport(): { available: boolean; autofill: boolean } {
  const [support, setSupport] = useState({ available: false, autofill: false });
  useEffect(() => {
    const credential = typeof window === "undefined" ? undefined : window.PublicKeyCredential;
    if (!credential) return;
    setSupport({ available: true, autofill: false });
    let live = true;
    void credential.isConditionalMediationAvailable?.().then((autofill) => {
      if (live && autofill) setSupport({ available: true, autofill: true });
    });
    return () => {
      live = false;
    };
  }, []);
  return support;
}

type Notice = { kind: "error" | "success"; text: string } | null;

/**
 * E-mail and password (`ZSignInForm`), "Forgot Password?", a resend button when the e-mail is not
 * confirmed yet, and the two-factor step when the account has it.
 */
export function SignInForm({ linkError }: { linkError?: string | null }) {
  const { t } = useTranslation("auth");
  const { signIn, signInWithPasskey } = useAuth();
  const form = useForm<TSignInForm>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [busy, setBusy] = useState<"reset" | "resend" | "passkey" | null>(null);
  const passkeys = usePasskeySupport();
  const [notice, setNotice] = useState<Notice>(
    linkError ? { kind: "error", text: linkError } : null,
  );
  const [unverified, setUnverified] = useState(Boolean(linkError));
  const [step, setStep] = useState<"credentials" | "twoFactor">("credentials");

  // Conditional UI: the browser offers the member's passkeys in the e-mail field. The request waits
  // in the background; a click on the passkey button (or leaving the page) aborts it.
  useEffect(() => {
    if (!passkeys.autofill) return;
    signInWithPasskey(true)
      .then((result) => {
        if (result.deletionCancelled) toast.success(t("signIn.deletionCancelled"));
      })
      .catch(() => {});
  }, [passkeys.autofill, signInWithPasskey, t]);

  if (step === "twoFactor") {
    return <TwoFactorStep onBack={() => setStep("credentials")} />;
  }

  async function onValid(values: TSignInForm) {
    setNotice(null);
    setUnverified(false);
    try {
      const result = await signIn(values);
      if (result.twoFactorRequired) setStep("twoFactor");
      if (result.deletionCancelled) toast.success(t("signIn.deletionCancelled"));
    } catch (error) {
      if (error instanceof AuthError && error.code === "EMAIL_NOT_VERIFIED") {
        setUnverified(true);
        setNotice({ kind: "error", text: t("signIn.notVerified") });
      } else {
        setNotice({ kind: "error", text: authErrorMessage(t, error) });
      }
    }
  }

  async function onPasskey() {
    setNotice(null);
    setBusy("passkey");
    try {
      const result = await signInWithPasskey(false);
      if (result.deletionCancelled) toast.success(t("signIn.deletionCancelled"));
    } catch (error) {
      setNotice({ kind: "error", text: authErrorMessage(t, error) });
    } finally {
      setBusy(null);
    }
  }

  /** The e-mail typed so far (trimmed), for the reset and resend links. */
  const typedEmail = () => form.getValues("email").trim();

  async function onForgotPassword() {
    const email = typedEmail();
    if (!email) {
      setNotice({ kind: "error", text: t("signIn.emailRequired") });
      return;
    }
    setNotice(null);
    setBusy("reset");
    try {
      await requestPasswordReset(email);
      setNotice({ kind: "success", text: t("signIn.resetSent") });
    } catch (error) {
      setNotice({ kind: "error", text: authErrorMessage(t, error) });
    } finally {
      setBusy(null);
    }
  }

  async function onResend() {
    const email = typedEmail();
    if (!email) {
      setNotice({ kind: "error", text: t("signIn.emailRequired") });
      return;
    }
    setBusy("resend");
    try {
      await resendVerificationEmail(email);
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
    <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
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
                disabled={busy !== null || isSubmitting}
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
          autoComplete="username webauthn"
          inputMode="email"
          required
          placeholder={t("fields.emailPlaceholder")}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "signin-email-error" : undefined}
          {...form.register("email")}
        />
        <FieldError id="signin-email-error">{fieldText(t, errors.email?.message)}</FieldError>
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="signin-password">{t("fields.password")}</Label>
          <Button
            type="button"
            variant="link"
            className="h-auto p-0 text-xs"
            onClick={onForgotPassword}
            disabled={busy !== null || isSubmitting}
          >
            {t("signIn.forgotPassword")}
          </Button>
        </div>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "signin-password-error" : undefined}
          {...form.register("password")}
        />
        <FieldError id="signin-password-error">{fieldText(t, errors.password?.message)}</FieldError>
      </div>
      <Button type="submit" variant="gradient" disabled={busy !== null || isSubmitting}>
        {isSubmitting ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <LogIn aria-hidden="true" />
        )}
        {isSubmitting ? t("signIn.submitting") : t("signIn.submit")}
      </Button>
      {passkeys.available ? (
        <>
          <div className="flex items-center gap-3 text-xs text-muted-foreground">
            <span className="h-px flex-1 bg-border" />
            {t("signIn.or")}
            <span className="h-px flex-1 bg-border" />
          </div>
          <Button
            type="button"
            variant="outline"
            onClick={onPasskey}
            disabled={busy !== null || isSubmitting}
          >
            {busy === "passkey" ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <KeyRound aria-hidden="true" />
            )}
            {busy === "passkey" ? t("signIn.passkeyBusy") : t("signIn.passkey")}
          </Button>
        </>
      ) : null}
    </form>
  );
}
