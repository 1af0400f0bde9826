import type { TMe, TNotificationPrefs } from "@viewvault/shared";
import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api-client";
import { useUpdateNotifications } from "../api/update-notifications";

const PREFS: (keyof TNotificationPrefs)[] = ["newSignIn", "transactions", "product"];

/** Notificações: three e-mail preferences, each saved as soon as it is switched. */
export function NotificationsTab({ me }: { me: TMe }) {
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
