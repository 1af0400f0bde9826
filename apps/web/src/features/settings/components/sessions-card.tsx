import { useQueryClient } from "@tanstack/react-query";
import { parseUserAgent } from "@viewvault/shared";
import { Globe, Laptop, Loader2, LogOut, Smartphone } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { authErrorMessage } from "@/lib/auth";
import { currentLocale } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { type DeviceSession, sessionsQueryKey, useSessions } from "../api/list-sessions";
import { revokeOtherSessions, revokeSession } from "../api/revoke-session";

/** Active sessions: device, IP, last use; revoke one or every other. */
export function SessionsCard({ currentToken }: { currentToken: string | null }) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const [busy, setBusy] = useState<string | null>(null);

  function deviceName(session: DeviceSession): string {
    const { browser, os } = parseUserAgent(session.userAgent);
    if (browser && os) return t("sessions.browserOnOs", { browser, os });
    return browser ?? os ?? t("sessions.unknownDevice");
  }

  async function run(key: string, action: () => Promise<void>, done: string) {
    setBusy(key);
    try {
      await action();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    } catch (error) {
      toast.error(authErrorMessage(t, error));
    } finally {
      setBusy(null);
    }
  }

  const dateFormat = new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const list = [...(sessions.data ?? [])].sort((a, b) =>
    a.token === currentToken
      ? -1
      : b.token === currentToken
        ? 1
        : new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime(),
  );
  const others = list.filter((session) => session.token !== currentToken).length;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("sessions.title")}</CardTitle>
        <CardDescription>{t("sessions.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <Spinner label={t("common:a11y.loading")} className="size-6" />
        ) : sessions.isError ? (
          <p className="text-sm text-destructive">{authErrorMessage(t, sessions.error)}</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {list.map((session) => {
              const isCurrent = session.token === currentToken;
              const mobile = /Mobile|Android|iPhone|iPad/.test(session.userAgent ?? "");
              const Icon = mobile ? Smartphone : Laptop;
              return (
                <li
                  key={session.id}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 items-start gap-3">
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {deviceName(session)}
                        {isCurrent ? (
                          <Badge variant="brand">{t("sessions.thisDevice")}</Badge>
                        ) : null}
                      </p>
                      <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
                        <span className="inline-flex items-center gap-1">
                          <Globe aria-hidden="true" className="size-3.5" />
                          {session.ipAddress || t("sessions.unknownIp")}
                        </span>
                        <span>
                          {t("sessions.lastActive", {
                            date: dateFormat.format(new Date(session.updatedAt)),
                          })}
                        </span>
                      </p>
                    </div>
                  </div>
                  {isCurrent ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="self-start sm:self-auto"
                      disabled={busy !== null}
                      aria-label={t("sessions.revokeOne", { device: deviceName(session) })}
                      onClick={() =>
                        run(session.id, () => revokeSession(session.token), t("sessions.revoked"))
                      }
                    >
                      {busy === session.id ? (
                        <Loader2 aria-hidden="true" className="animate-spin" />
                      ) : (
                        <LogOut aria-hidden="true" />
                      )}
                      {t("sessions.revoke")}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <Button
          variant="destructive"
          className="justify-self-start"
          disabled={busy !== null || others === 0}
          onClick={() => run("others", revokeOtherSessions, t("sessions.revokedOthers"))}
        >
          {busy === "others" ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {t("sessions.revokeOthers")}
        </Button>
      </CardContent>
    </Card>
  );
}
