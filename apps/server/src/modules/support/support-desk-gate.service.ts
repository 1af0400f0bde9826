import { SUPPORT_DESK, type TSupportUnlock } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { recordAuditEvent } from "../audit/audit.service";
import { passwordMatches } from "../identity/identity.service";
import { saveUnlock, unlockedUntil } from "./support.repository";

/**
 * The desk's gate (ADR 061): staff unlock the support desk with their own password, for this
 * session, stored server-side; every desk route past the gate checks it (support-desk.routes.ts).
 */

/** The seeds' gate, checked by the server: the staff member's own password, for this session. */
export async function unlockDesk(
  db: Db,
  clock: Clock,
  staff: Member,
  password: string,
  ip: string,
): Promise<TSupportUnlock> {
  const ok = await passwordMatches(db, staff.userId, password);
  const now = clock.now();
  const until = new Date(now.getTime() + SUPPORT_DESK.unlockMinutes * 60_000);
  const prior = await unlockedUntil(db, staff.sessionId, staff.profile.id, now);
  const was = { unlockedUntil: prior?.toISOString() ?? null };
  await db.transaction(async (tx) => {
    if (ok) await saveUnlock(tx, staff.sessionId, staff.profile.id, until);
    await recordAuditEvent(tx, {
      actorProfileId: staff.profile.id,
      actorRole: staff.profile.role,
      action: ok ? "support.unlock" : "support.unlock_denied",
      targetProfileId: null,
      targetType: "support_desk",
      address: ip,
      createdAt: now,
      before: was,
      after: ok ? { unlockedUntil: until.toISOString() } : was,
    });
  });
  if (!ok)
    throw new AppError("INVALID_CREDENTIALS", { context: "supportGate" }, { field: "password" });
  return { unlockedUntil: until.toISOString() };
}

export async function deskUnlock(db: Db, clock: Clock, staff: Member): Promise<TSupportUnlock> {
  const until = await unlockedUntil(db, staff.sessionId, staff.profile.id, clock.now());
  return { unlockedUntil: until?.toISOString() ?? null };
}

/** Staff routes past the gate: the desk must be unlocked for this session (stored server-side). */
export async function requireUnlocked(db: Db, clock: Clock, staff: Member): Promise<void> {
  const until = await unlockedUntil(db, staff.sessionId, staff.profile.id, clock.now());
  if (!until) throw new AppError("SUPPORT_DESK_LOCKED");
}
