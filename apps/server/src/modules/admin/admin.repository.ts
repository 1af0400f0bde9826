import type { DbOrTx } from "../../db/client";
import { auditEvents } from "../../db/schema";

export async function recordAuditEvent(
  db: DbOrTx,
  event: {
    actorProfileId: string | null;
    action: string;
    targetProfileId: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditEvents).values({ ...event, details: event.details ?? {} });
}
