import { AUDIT_MEMBER_KEYS, auditAmounts, type TAuditEvent } from "@viewvault/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { useMoneyFormat } from "@/lib/use-money-format";

type State = Record<string, unknown> | null;
const MEMBER_KEYS: readonly string[] = AUDIT_MEMBER_KEYS;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function memberLink(member: { id: string; username: string }): ReactNode {
  return (
    <Link
      className="inline-flex min-h-6 items-center font-medium text-primary hover:underline"
      to={`/admin/members/${member.id}`}
    >
      @{member.username}
    </Link>
  );
}

/** A before/after value in words: amounts formatted, members by username, statuses translated. */
function useValueText(event: TAuditEvent) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  return (key: string, state: State): ReactNode => {
    const value = state?.[key];
    if (value === null || value === undefined || value === "") return t("audit.none");
    const amount = auditAmounts(state).find((a) => a.key === key);
    if (amount) return fmt.amount(amount.amount, amount.currency);
    if (MEMBER_KEYS.includes(key) && typeof value === "string") {
      const who = event.people?.[value];
      return who ? memberLink(who) : t("audit.none");
    }
    if (typeof value === "boolean") return value ? t("audit.yes") : t("audit.no");
    if (key === "role" && typeof value === "string") {
      return t(`roles.${value}`, { defaultValue: value });
    }
    if (typeof value === "string" && ISO_DATE.test(value)) return fmt.dateTime(value);
    if (Array.isArray(value)) return value.length ? value.join(", ") : t("audit.none");
    if (typeof value === "string" || typeof value === "number") {
      return t(`audit.values.${value}`, { defaultValue: String(value) });
    }
    return JSON.stringify(value);
  };
}

/**
 * The change an event made, in words: one line per fact, "before → after" where it changed, the
 * value alone where it did not (the amount of a withdrawal, say). The currency rides with the
 * amount; facts empty on both sides are left out.
 */
function Change({ event }: { event: TAuditEvent }) {
  const { t } = useTranslation("admin");
  const text = useValueText(event);
  const keys = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])]
    .filter((key) => key !== "currency")
    .filter(
      (key) => (event.before?.[key] ?? null) !== null || (event.after?.[key] ?? null) !== null,
    );
  if (!keys.length) return null;
  return (
    <ul className="grid gap-0.5" data-testid="audit-change">
      {keys.map((key) => {
        const before = event.before?.[key] ?? null;
        const after = event.after?.[key] ?? null;
        const same = JSON.stringify(before) === JSON.stringify(after);
        return (
          <li key={key} className="min-w-0 [overflow-wrap:anywhere]">
            <span className="text-muted-foreground">
              {t(`audit.fields.${key}`, { defaultValue: key })}:
            </span>{" "}
            {before === null || same ? (
              text(key, event.after)
            ) : (
              <>
                {text(key, event.before)} → {text(key, event.after)}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Audit events as a list that reads on a phone as well as on a desktop, all in words. */
export function AuditEventList({ events }: { events: TAuditEvent[] }) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  return (
    <ol className="grid min-w-0 gap-3">
      {events.map((e) => (
        <li key={e.id} className="grid min-w-0 gap-1 rounded-lg border p-3 text-sm">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Badge variant="brand" className="whitespace-normal" data-testid="audit-action">
              {t(`audit.actions.${e.action}`, { defaultValue: e.action })}
            </Badge>
            {e.target ? memberLink(e.target) : null}
            {!e.target && e.targetType === "support_desk" ? (
              <span className="text-xs text-muted-foreground">{t("audit.desk")}</span>
            ) : null}
            <span className="text-xs text-muted-foreground">{fmt.dateTime(e.createdAt)}</span>
          </div>
          <dl className="grid min-w-0 gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{t("audit.who")}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {e.actor ? memberLink(e.actor) : t("audit.nobody")}
              {e.actorRole ? ` (${t(`roles.${e.actorRole}`, { defaultValue: e.actorRole })})` : ""}
              {e.address ? ` · ${e.address}` : ""}
            </dd>
            {e.reason ? (
              <>
                <dt className="text-muted-foreground">{t("audit.why")}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{e.reason}</dd>
              </>
            ) : null}
            {e.before || e.after ? (
              <>
                <dt className="text-muted-foreground">{t("audit.change")}</dt>
                <dd className="min-w-0">
                  <Change event={e} />
                </dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}
