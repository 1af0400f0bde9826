import { ArrowLeft, KeyRound, Loader2, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { authErrorMessage, useAuth } from "@/lib/auth";

/** Second sign-in step: a 6-digit code from the authenticator app, or a backup code. */
export function TwoFactorStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("auth");
  const { verifyTwoFactor } = useAuth();
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cleaned = method === "totp" ? code.replace(/\D/g, "") : code.trim();
  const ready = method === "totp" ? cleaned.length === 6 : cleaned.length >= 4;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await verifyTwoFactor({ code: cleaned, method, trustDevice });
    } catch (caught) {
      setError(authErrorMessage(t, caught));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
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
      <FormError message={error} />
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
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-(--primary)"
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.target.checked)}
        />
        {t("twoFactor.trustDevice")}
      </label>
      <Button type="submit" variant="gradient" disabled={busy || !ready}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {busy ? t("twoFactor.verifying") : t("twoFactor.verify")}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {t("twoFactor.back")}
        </Button>
        <Button
          type="button"
          variant="link"
          size="sm"
          onClick={() => {
            setMethod(method === "totp" ? "backup" : "totp");
            setCode("");
            setError(null);
          }}
        >
          <KeyRound aria-hidden="true" />
          {method === "totp" ? t("twoFactor.useBackup") : t("twoFactor.useApp")}
        </Button>
      </div>
    </form>
  );
}
