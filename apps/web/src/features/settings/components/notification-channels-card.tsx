import { NOTIFICATION_KIND_NAMES, type TNotificationPreference } from "@viewvault/shared";
import { BellRing } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from "../api/notification-preferences";
import { usePushSubscription } from "../api/push-subscription";

/**
 * One row per kind of notification: the inbox is always on; e-mail and push are switches, saved
 * as soon as they move. Above the table, this device's push: on, off (with a button that asks the
 * browser's permission), blocked by the browser, or not supported here.
 */
export function NotificationChannelsCard() {
  const { t } = useTranslation(["settings", "notifications"]);
  const query = useNotificationPreferences();
  const mutation = useUpdateNotificationPreferences();
  const push = usePushSubscription();

  const save = (next: TNotificationPreference) =>
    mutation.mutate(
      { preferences: [next] },
      {
        onSuccess: () => toast.success(t("notifications.saved")),
        onError: (error) =>
          toast.error(t("notifications.failed"), {
            description: error instanceof ApiError ? t(`errors:${error.code}`) : undefined,
          }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="size-5 text-primary" />
          {t("channels.title")}
        </CardTitle>
        <CardDescription>{t("channels.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
          data-testid="push-state"
          data-state={push.state}
        >
          <p className="text-sm" aria-live="polite">
            {push.state === "loading"
              ? t("channels.push.loading")
              : t(`channels.push.${push.state}`)}
          </p>
          {push.state === "off" ? (
            <Button
              variant="outline"
              disabled={push.busy}
              onClick={() =>
                push.turnOn().catch((error: unknown) =>
                  toast.error(t("channels.push.failed"), {
                    description: error instanceof ApiError ? t(`errors:${error.code}`) : undefined,
                  }),
                )
              }
            >
              {t("channels.push.turnOn")}
            </Button>
          ) : push.state === "on" ? (
            <Button variant="outline" disabled={push.busy} onClick={() => void push.turnOff()}>
              {t("channels.push.turnOff")}
            </Button>
          ) : null}
        </div>
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t("common:a11y.loading")} />
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("notifications.failed")}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("channels.title")}</caption>
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="py-2 pr-2 font-medium">
                    {t("channels.kind")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-center font-medium">
                    {t("channels.inbox")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-center font-medium">
                    {t("channels.email")}
                  </th>
                  <th scope="col" className="py-2 pl-2 text-center font-medium">
                    {t("channels.pushColumn")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {NOTIFICATION_KIND_NAMES.map((kind) => {
                  const pref = query.data.preferences.find((p) => p.kind === kind) ?? {
                    kind,
                    email: false,
                    push: false,
                  };
                  const label = t(`notifications:kinds.${kind}.label`);
                  return (
                    <tr key={kind}>
                      <th scope="row" className="py-3 pr-2 text-left font-normal">
                        {label}
                      </th>
                      <td className="px-2 py-3 text-center text-muted-foreground">
                        {t("channels.always")}
                      </td>
                      <td className="px-2 py-3 text-center">
                        <Switch
                          aria-label={t("channels.emailOf", { kind: label })}
                          checked={pref.email}
                          onCheckedChange={(email) => save({ ...pref, email })}
                        />
                      </td>
                      <td className="py-3 pl-2 text-center">
                        <Switch
                          aria-label={t("channels.pushOf", { kind: label })}
                          checked={pref.push}
                          onCheckedChange={(value) => save({ ...pref, push: value })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
