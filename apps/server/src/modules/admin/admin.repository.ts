import type { DbOrTx } from "../../db/client";
import { auditEvents } from "../../db/schema";

/** One staff action in the append-only audit log (who, role, what, target, before/after, address). */
export async function recordAuditEvent(
  db: DbOrTx,
  event: {
    actorProfileId: string | null;
    actorRole?: string | null;
    action: string;
    targetProfileId: string | null;
    targetType?: string | null;
    targetId?: string | null;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    ip?: string | null;
    createdAt?: Date;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditEvents).values({ ...event, details: event.details ?? {} });
}
