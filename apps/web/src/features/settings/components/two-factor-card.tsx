import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TPasswordConfirmForm,
  type TTotpSetupForm,
  ZPasswordConfirmForm,
  ZTotpSetupForm,
} from "@viewvault/shared";
import { Download, Loader2, ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CopyButton } from "@/components/account/copy-button";
import { QrCode } from "@/components/account/qr-code";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError, PasswordField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { AuthError, authErrorMessage, useAuth } from "@/lib/auth";
import { fieldText } from "@/lib/form";
import { toast } from "@/lib/toast";
import {
  disableTwoFactor,
  enableTwoFactor,
  generateBackupCodes,
  secretFromTotpUri,
  type TwoFactorSetup,
  verifyTotpSetup,
} from "../api/two-factor";

type Mode =
  | { kind: "idle" }
  | { kind: "password"; purpose: "enable" | "disable" | "regenerate" }
  | { kind: "setup"; setup: TwoFactorSetup }
  | { kind: "codes"; codes: string[] };

/** Authenticator-app 2FA: enable (QR, secret, backup codes, first code), disable, new codes. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("settings");
  const { refresh } = useAuth();
  const [mode, setMode] = useState<Mode>({ kind: "idle" });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {enabled ? (
            <ShieldCheck aria-hidden="true" className="size-5 text-success" />
          ) : (
            <ShieldOff aria-hidden="true" className="size-5 text-muted-foreground" />
          )}
          {t("twoFactor.title")}
          <Badge variant={enabled ? "brand" : "outline"}>
            {enabled ? t("twoFactor.on") : t("twoFactor.off")}
          </Badge>
        </CardTitle>
        <CardDescription>{t("twoFactor.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mode.kind === "idle" ? (
          <div className="flex flex-wrap gap-2">
            {enabled ? (
              <>
                <Button
                  variant="outline"
                  onClick={() => setMode({ kind: "password", purpose: "regenerate" })}
                >
                  {t("twoFactor.regenerate")}
                </Button>
                <Button
                  variant="destructive"
                  onClick={() => setMode({ kind: "password", purpose: "disable" })}
                >
                  {t("twoFactor.disable")}
                </Button>
              </>
            ) : (
              <Button onClick={() => setMode({ kind: "password", purpose: "enable" })}>
                <ShieldCheck aria-hidden="true" />
                {t("twoFactor.enable")}
              </Button>
            )}
          </div>
        ) : null}

        {mode.kind === "password" ? (
          <PasswordStep
            purpose={mode.purpose}
            onCancel={() => setMode({ kind: "idle" })}
            onConfirmed={async (password) => {
              if (mode.purpose === "enable") {
                setMode({ kind: "setup", setup: await enableTwoFactor(password) });
              } else if (mode.purpose === "disable") {
                await disableTwoFactor(password);
                await refresh();
                toast.success(t("twoFactor.disabled"));
                setMode({ kind: "idle" });
              } else {
                setMode({ kind: "codes", codes: await generateBackupCodes(password) });
              }
            }}
          />
        ) : null}

        {mode.kind === "setup" ? (
          <SetupStep
            setup={mode.setup}
            onCancel={() => setMode({ kind: "idle" })}
            onDone={async () => {
              await refresh();
              toast.success(t("twoFactor.enabled"));
              setMode({ kind: "idle" });
            }}
          />
        ) : null}

        {mode.kind === "codes" ? (
          <div className="grid gap-4">
            <BackupCodes codes={mode.codes} />
            <Button className="justify-self-start" onClick={() => setMode({ kind: "idle" })}>
              {t("twoFactor.done")}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PasswordStep({
  purpose,
  onCancel,
  onConfirmed,
}: {
  purpose: "enable" | "disable" | "regenerate";
  onCancel: () => void;
  onConfirmed: (password: string) => Promise<void>;
}) {
  const { t } = useTranslation("settings");
  const form = useForm<TPasswordConfirmForm>({
    resolver: zodResolver(ZPasswordConfirmForm),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onValid(values: TPasswordConfirmForm) {
    try {
      await onConfirmed(values.password);
    } catch (caught) {
      if (caught instanceof AuthError && caught.code === "INVALID_PASSWORD") {
        form.setError("password", { message: "errors:auth.INVALID_PASSWORD" });
      } else {
        form.setError("root.server", { message: authErrorMessage(t, caught) });
      }
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4 sm:max-w-md" noValidate>
      <p className="text-sm text-muted-foreground">{t(`twoFactor.passwordPrompt.${purpose}`)}</p>
      <FormError message={errors.root?.server?.message} />
      <PasswordField
        id="two-factor-password"
        label={t("twoFactor.password")}
        autoComplete="current-password"
        autoFocus
        error={fieldText(t, errors.password?.message)}
        {...form.register("password")}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={purpose === "disable" ? "destructive" : "default"}
          disabled={isSubmitting}
        >
          {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {t("twoFactor.continue")}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("common:dialog.cancel")}
        </Button>
      </div>
    </form>
  );
}

function SetupStep({
  setup,
  onCancel,
  onDone,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation("settings");
  const form = useForm<z.input<typeof ZTotpSetupForm>, unknown, TTotpSetupForm>({
    resolver: zodResolver(ZTotpSetupForm),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const codeError = fieldText(t, errors.code?.message);
  const secret = secretFromTotpUri(setup.totpURI);

  async function onValid(values: TTotpSetupForm) {
    try {
      await verifyTotpSetup(values.code);
      await onDone();
    } catch (caught) {
      form.setError("root.server", { message: authErrorMessage(t, caught) });
    }
  }

  return (
    <div className="grid gap-6">
      <ol className="grid gap-6 md:grid-cols-2">
        <li className="grid content-start gap-3">
          <h3 className="font-semibold">{t("twoFactor.step1")}</h3>
          <QrCode value={setup.totpURI} label={t("twoFactor.qrLabel")} size={176} />
          {secret ? (
            <div className="grid gap-2">
              <p className="text-sm text-muted-foreground">{t("twoFactor.secretHint")}</p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  data-testid="totp-secret"
                  title={t("twoFactor.secret")}
                  className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all"
                >
                  {secret}
                </code>
                <CopyButton
                  text={secret}
                  size="sm"
                  label={t("twoFactor.copySecret")}
                  toastMessage={t("common:copy.copied")}
                />
              </div>
            </div>
          ) : null}
        </li>
        <li className="grid content-start gap-3">
          <h3 className="font-semibold">{t("twoFactor.step2")}</h3>
          <BackupCodes codes={setup.backupCodes} />
        </li>
      </ol>
      <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4 sm:max-w-md" noValidate>
        <h3 className="font-semibold">{t("twoFactor.step3")}</h3>
        <FormError message={errors.root?.server?.message} />
        <div className="grid gap-2">
          <Label htmlFor="two-factor-setup-code">{t("twoFactor.code")}</Label>
          <Input
            id="two-factor-setup-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="font-mono tracking-widest"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? "two-factor-setup-code-error" : undefined}
            {...form.register("code")}
          />
          <FieldError id="two-factor-setup-code-error">{codeError}</FieldError>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {t("twoFactor.verifyAndEnable")}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t("common:dialog.cancel")}
          </Button>
        </div>
      </form>
    </div>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("settings");
  const text = codes.join("\n");
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t("twoFactor.backupHint")}</p>
      <ul
        aria-label={t("twoFactor.backupCodes")}
        className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          text={text}
          size="sm"
          label={t("twoFactor.copyCodes")}
          toastMessage={t("common:copy.copied")}
        />
        <Button variant="outline" size="sm" asChild>
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
            download="viewvault-backup-codes.txt"
          >
            <Download aria-hidden="true" />
            {t("twoFactor.downloadCodes")}
          </a>
        </Button>
      </div>
    </div>
  );
}
