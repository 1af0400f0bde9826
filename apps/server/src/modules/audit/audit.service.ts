import { once } from "node:events";
import type { Readable } from "node:stream";
import {
  ADMIN,
  AUDIT_MEMBER_KEYS,
  auditAmounts,
  type TAuditEvent,
  type TAuditPage,
  type TAuditQuery,
} from "@viewvault/shared";
import { stringify } from "csv-stringify";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { neutraliseFormula } from "../activity/activity.service";
import {
  type AuditEventInput,
  type AuditRow,
  auditEventsWhere,
  recordAuditEvent as insertAuditEvent,
  membersByIds,
  profileIdOf,
} from "./audit.repository";

/**
 * The audit log (ADR 023, ADR 029): every staff action writes one row in the transaction of the
 * action itself; the console reads it a page at a time or as CSV. Used by admin and support.
 */

export type { AuditEventInput };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Records one staff action; pass the transaction of the action so both commit or neither. */
export async function recordAuditEvent(db: DbOrTx, event: AuditEventInput): Promise<void> {
  await insertAuditEvent(db, event);
}

function ref(id: string | null, username: string | null, verified: boolean | null) {
  return id && username ? { id, username, isVerified: verified ?? false } : null;
}

function auditEvent(r: AuditRow, people: TAuditEvent["people"] = {}): TAuditEvent {
  const named: NonNullable<TAuditEvent["people"]> = {};
  for (const id of memberIdsOf(r)) {
    const who = people?.[id];
    if (who) named[id] = who;
  }
  return {
    id: r.id,
    actor: ref(r.actor_id, r.actor_username, r.actor_verified),
    actorRole: r.actor_role,
    action: r.action,
    target: ref(r.target_id, r.target_username, r.target_verified),
    targetType: r.target_type,
    targetId: r.target_ref,
    reason: r.reason,
    before: r.before,
    after: r.after,
    address: r.address,
    people: named,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The profile ids a row's before/after name (who processed, approved, referred …). */
function memberIdsOf(r: AuditRow): string[] {
  const ids = new Set<string>();
  for (const state of [r.before, r.after]) {
    for (const key of AUDIT_MEMBER_KEYS) {
      const value = state?.[key];
      if (typeof value === "string" && UUID_RE.test(value)) ids.add(value);
    }
  }
  return [...ids];
}

/** The rows as events, with the usernames of the members their before/after name. */
async function auditEvents(db: Db, rows: AuditRow[]): Promise<TAuditEvent[]> {
  const ids = [...new Set(rows.flatMap(memberIdsOf))];
  const people: NonNullable<TAuditEvent["people"]> = {};
  for (const m of await membersByIds(db, ids)) {
    people[m.id] = { id: m.id, username: m.username, isVerified: m.is_verified };
  }
  return rows.map((r) => auditEvent(r, people));
}

/** The latest audit events that name a member as their target, newest first. */
export async function auditEventsOf(
  db: Db,
  targetProfileId: string,
  limit: number,
): Promise<TAuditEvent[]> {
  return auditEvents(db, await auditEventsWhere(db, { target: targetProfileId, limit }));
}

async function auditFilter(db: Db, query: Omit<TAuditQuery, "before">) {
  const resolve = async (value: string | undefined) =>
    value ? ((await profileIdOf(db, value)) ?? "00000000-0000-0000-0000-000000000000") : undefined;
  return {
    actor: await resolve(query.actor),
    target: await resolve(query.target),
    action: query.action || undefined,
  };
}

function parseCursor(value: string | undefined): { at: Date; id: string } | undefined {
  if (!value) return undefined;
  const [at, id] = value.split("|");
  const date = at ? new Date(at) : null;
  if (!date || Number.isNaN(date.getTime()) || !id || !UUID_RE.test(id)) {
    throw new AppError("VALIDATION_FAILED", undefined, { field: "before" });
  }
  return { at: date, id };
}

/** The audit log, newest first, filtered by actor and target (username or id) and action. */
export async function getAuditPage(db: Db, query: TAuditQuery): Promise<TAuditPage> {
  const filter = await auditFilter(db, query);
  const limit = ADMIN.auditPageSize;
  const rows = await auditEventsWhere(db, {
    ...filter,
    before: parseCursor(query.before),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    events: await auditEvents(db, page),
    next:
      rows.length > limit && last ? `${new Date(last.created_at).toISOString()}|${last.id}` : null,
  };
}

/**
 * The columns of the audit CSV, raw values (documented in the README, "Audit log CSV"): the
 * action's code, the target member's username and what else it touched (type and id), the
 * reason, what a money action moved in minor units — one column per currency, since a referral
 * approval moves both — before/after and the extra details as JSON, and the client address.
 */
export const AUDIT_CSV_COLUMNS = [
  "date",
  "actor",
  "actor_role",
  "action",
  "target",
  "target_type",
  "target_id",
  "reason",
  "views",
  "usdt",
  "before",
  "after",
  "details",
  "address",
] as const;

/** The filtered audit log as CSV, a thousand rows at a time, formulas neutralised. */
export function auditCsv(db: Db, query: Omit<TAuditQuery, "before">): Readable {
  const csv = stringify({
    header: true,
    columns: [...AUDIT_CSV_COLUMNS],
    cast: { string: neutraliseFormula },
  });
  (async () => {
    const filter = await auditFilter(db, query);
    let before: { at: Date; id: string } | undefined;
    for (;;) {
      const rows = await auditEventsWhere(db, { ...filter, before, limit: 1000 });
      for (const r of rows) {
        const moved = auditAmounts(r.after);
        const first = (currency: "VIEWS" | "USDT") =>
          moved.find((a) => a.currency === currency)?.amount ?? "";
        const details = r.details && Object.keys(r.details).length ? r.details : null;
        const ok = csv.write([
          new Date(r.created_at).toISOString(),
          r.actor_username ?? "",
          r.actor_role ?? "",
          r.action,
          r.target_username ?? "",
          r.target_type ?? "",
          r.target_ref ?? "",
          r.reason ?? "",
          first("VIEWS"),
          first("USDT"),
          r.before ? JSON.stringify(r.before) : "",
          r.after ? JSON.stringify(r.after) : "",
          details ? JSON.stringify(details) : "",
          r.address ?? "",
        ]);
        if (!ok) await once(csv, "drain");
      }
      const last = rows[rows.length - 1];
      if (rows.length < 1000 || !last) break;
      before = { at: new Date(last.created_at), id: last.id };
    }
    csv.end();
  })().catch((error) => csv.destroy(error));
  return csv;
}
