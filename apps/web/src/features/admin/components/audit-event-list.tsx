import type { TAuditEvent } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { useMoneyFormat } from "@/lib/use-money-format";

function change(value: Record<string, unknown> | null): string {
  if (!value) return "";
  return Object.entries(value)
    .map(([key, v]) => `${key}: ${String(v)}`)
    .join(", ");
}

/** Audit events as a list that reads on a phone as well as on a desktop. */
export function AuditEventList({ events }: { events: TAuditEvent[] }) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  return (
    <ol className="grid gap-3">
      {events.map((e) => (
        <li key={e.id} className="grid gap-1 rounded-lg border p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="brand">
              {t(`audit.actions.${e.action}`, { defaultValue: e.action })}
            </Badge>
            {e.target ? (
              <Link
                className="font-medium text-primary hover:underline"
                to={`/admin/members/${e.target.id}`}
              >
                @{e.target.username}
              </Link>
            ) : null}
            <span className="text-xs text-muted-foreground">{fmt.dateTime(e.createdAt)}</span>
          </div>
          <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">{t("audit.who")}</dt>
            <dd>
              {e.actor ? `@${e.actor.username}` : t("audit.nobody")}
              {e.actorRole ? ` (${t(`roles.${e.actorRole}`, { defaultValue: e.actorRole })})` : ""}
              {e.address ? ` · ${e.address}` : ""}
            </dd>
            {e.reason ? (
              <>
                <dt className="text-muted-foreground">{t("audit.why")}</dt>
                <dd className="break-words">{e.reason}</dd>
              </>
            ) : null}
            {e.before || e.after ? (
              <>
                <dt className="text-muted-foreground">{t("audit.change")}</dt>
                <dd className="font-mono">
                  {change(e.before)} → {change(e.after)}
                </dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}
