import { zodResolver } from "@hookform/resolvers/zod";
import {
  LOCALES,
  type Locale,
  problemMessage,
  type TMe,
  type TProfileForm,
  ZProfileForm,
} from "@viewvault/shared";
import { Loader2, Save } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/account/copy-button";
import { UsernameStatusHint } from "@/components/account/username-status";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { fieldText } from "@/lib/form";
import { errorText } from "@/lib/problem-text";
import { referralLink } from "@/lib/referral-link";
import { toast } from "@/lib/toast";
import { useUsernameAvailability } from "@/lib/username-availability";

/** Perfil: username (`ZProfileForm`, checked live), the referral link and the language. */
export function ProfileTab({ me }: { me: TMe }) {
  const { t, i18n } = useTranslation("settings");
  const { updateProfile } = useAuth();
  const current = me.profile.username;
  const form = useForm<TProfileForm>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: { username: current },
  });
  const { errors, isSubmitting } = form.formState;
  const username = useWatch({ control: form.control, name: "username" });
  const [savingLocale, setSavingLocale] = useState(false);
  const status = useUsernameAvailability(username, { unchanged: current });
  const changed = username.trim() !== current;
  const link = referralLink(current);
  const usernameError = fieldText(t, errors.username?.message);

  function failed(error: unknown) {
    toast.error(t("toast.profileFailed"), {
      description: error instanceof ApiError ? errorText(t, error, "") || undefined : undefined,
    });
  }

  function onInvalid() {
    toast.error(t("toast.profileFailed"), {
      description: fieldText(t, form.getFieldState("username").error?.message) ?? undefined,
    });
  }

  async function onValid(values: TProfileForm) {
    try {
      await updateProfile({ username: values.username });
      form.reset({ username: values.username });
      toast.success(t("toast.profileUpdated"));
    } catch (error) {
      if (error instanceof ApiError && error.refused && error.field === "username") {
        form.setError("username", { type: error.code, message: problemMessage(error) });
      }
      failed(error);
    }
  }

  async function onLocale(locale: Locale) {
    setSavingLocale(true);
    try {
      await updateProfile({ locale });
      await i18n.changeLanguage(locale);
      toast.success(t("toast.profileUpdated"));
    } catch (error) {
      failed(error);
    } finally {
      setSavingLocale(false);
    }
  }

  const saving = isSubmitting || savingLocale;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("profile.title")}</CardTitle>
          <CardDescription>{t("profile.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-4" noValidate>
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
                aria-describedby={
                  usernameError
                    ? "settings-username-status settings-username-error"
                    : "settings-username-status"
                }
                aria-invalid={
                  usernameError || status === "taken" || status === "invalid" ? true : undefined
                }
                {...form.register("username")}
              />
              <UsernameStatusHint id="settings-username-status" status={status} />
              <FieldError id="settings-username-error">{usernameError}</FieldError>
            </div>
            <Button
              type="submit"
              className="justify-self-start"
              disabled={!changed || saving || status === "taken" || status === "invalid"}
            >
              {isSubmitting ? (
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
            disabled={saving}
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
