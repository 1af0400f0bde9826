import type { TMe, TNotificationPrefs } from "@viewvault/shared";
import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUpdateNotifications } from "../api/update-notifications";
import { NotificationChannelsCard } from "./notification-channels-card";

/**
 * The e-mails that are not notifications of the inbox. The former "transactions" switch became
 * the e-mail column of the kinds it covered (NotificationChannelsCard, ADR 059); the value is
 * sent back unchanged.
 */
const PREFS: (keyof TNotificationPrefs)[] = ["newSignIn", "product"];

/** Notificações: each kind's channels (inbox, e-mail, push), then the account e-mails. */
export function NotificationsTab({ me }: { me: TMe }) {
  return (
    <div className="grid gap-6">
      <NotificationChannelsCard />
      <AccountEmailsCard me={me} />
    </div>
  );
}

/** Two e-mail preferences, each saved as soon as it is switched. */
function AccountEmailsCard({ me }: { me: TMe }) {
  const { t } = useTranslation("settings");
  const mutation = useUpdateNotifications();
  const prefs = me.notifications;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell aria-hidden="true" className="size-5 text-primary" />
          {t("notifications.title")}
        </CardTitle>
        <CardDescription>{t("notifications.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {PREFS.map((key) => (
            <li key={key} className="flex items-center justify-between gap-4 py-4">
              <div>
                <label htmlFor={`notify-${key}`} className="cursor-pointer font-medium">
                  {t(`notifications.${key}.label`)}
                </label>
                <p id={`notify-${key}-hint`} className="text-sm text-muted-foreground">
                  {t(`notifications.${key}.hint`)}
                </p>
              </div>
              <Switch
                id={`notify-${key}`}
                aria-describedby={`notify-${key}-hint`}
                checked={prefs[key]}
                onCheckedChange={(checked) =>
                  mutation.mutate(
                    { ...prefs, [key]: checked },
                    {
                      onSuccess: () => toast.success(t("notifications.saved")),
                      onError: (error) =>
                        toast.error(t("notifications.failed"), {
                          description:
                            error instanceof ApiError ? t(`errors:${error.code}`) : undefined,
                        }),
                    },
                  )
                }
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
