import { LOCALES, type Locale, type TMe, ZUsername } from "@viewvault/shared";
import { Loader2, Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { CopyButton } from "@/components/account/copy-button";
import { UsernameStatusHint } from "@/components/account/username-status";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { referralLink } from "@/lib/referral-link";
import { useUsernameAvailability } from "@/lib/username-availability";
import { validationMessage } from "@/lib/validation-message";

/** Perfil: username (checked live), the referral link and the language. */
export function ProfileTab({ me }: { me: TMe }) {
  const { t, i18n } = useTranslation("settings");
  const { updateProfile } = useAuth();
  const current = me.profile.username;
  const [username, setUsername] = useState(current);
  const [saving, setSaving] = useState<"username" | "locale" | null>(null);
  const status = useUsernameAvailability(username, { unchanged: current });
  const changed = username.trim() !== current;
  const link = referralLink(current);

  function failed(error: unknown) {
    const description =
      error instanceof ApiError && error.status === 409
        ? t("errors:auth.USERNAME_IS_ALREADY_TAKEN")
        : error instanceof ApiError
          ? t(`errors:${error.code}`)
          : undefined;
    toast.error(t("toast.profileFailed"), { description });
  }

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZUsername.safeParse(username);
    if (!parsed.success) {
      toast.error(t("toast.profileFailed"), {
        description: validationMessage(t, parsed.error.issues[0]?.message ?? ""),
      });
      return;
    }
    setSaving("username");
    try {
      await updateProfile({ username: parsed.data });
      toast.success(t("toast.profileUpdated"));
    } catch (error) {
      failed(error);
    } finally {
      setSaving(null);
    }
  }

  async function onLocale(locale: Locale) {
    setSaving("locale");
    try {
      await updateProfile({ locale });
      await i18n.changeLanguage(locale);
      toast.success(t("toast.profileUpdated"));
    } catch (error) {
      failed(error);
    } finally {
      setSaving(null);
    }
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("profile.title")}</CardTitle>
          <CardDescription>{t("profile.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSave} className="grid gap-4" noValidate>
            <div className="grid gap-2">
              <Label htmlFor="settings-email">{t("profile.email")}</Label>
              <Input id="settings-email" value={me.user.email} readOnly disabled />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="settings-username">{t("profile.username")}</Label>
              <Input
                id="settings-username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-describedby="settings-username-status"
                aria-invalid={status === "taken" || status === "invalid" ? true : undefined}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
              <UsernameStatusHint id="settings-username-status" status={status} />
            </div>
            <Button
              type="submit"
              className="justify-self-start"
              disabled={!changed || saving !== null || status === "taken" || status === "invalid"}
            >
              {saving === "username" ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Save aria-hidden="true" />
              )}
              {t("profile.save")}
            </Button>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("profile.referralTitle")}</CardTitle>
          <CardDescription>{t("profile.referralDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={link}
            aria-label={t("profile.referralLink")}
            className="font-mono text-sm"
            onFocus={(event) => event.target.select()}
          />
          <CopyButton text={link} label={t("profile.copyLink")} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("profile.languageTitle")}</CardTitle>
          <CardDescription>{t("profile.languageDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 sm:max-w-xs">
          <Label htmlFor="settings-locale">{t("profile.language")}</Label>
          <NativeSelect
            id="settings-locale"
            value={me.profile.locale}
            disabled={saving !== null}
            onChange={(event) => void onLocale(event.target.value as Locale)}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {t(`profile.languages.${locale}`)}
              </option>
            ))}
          </NativeSelect>
        </CardContent>
      </Card>
    </div>
  );
}
