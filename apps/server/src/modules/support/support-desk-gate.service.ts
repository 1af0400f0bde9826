import {
  SUPPORT_DESK,
  SUPPORT_UNLOCK_ACTION,
  type TSupportUnlock,
  type TSupportUnlockRequest,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { recordAuditEvent } from "../audit/audit.service";
import { passwordMatches } from "../identity/identity.service";
import { verifyPasskeyStepUp } from "../identity/passkey-step-up.service";
import { saveUnlock, unlockedUntil } from "./support.repository";

/**
 * The desk's gate (ADR 061): staff unlock the support desk with their own password (or a passkey,
 * ADR 075), for this session, stored server-side; every desk route past the gate checks it (support-desk.routes.ts).
 */

/**
 * Why the gate refuses this proof, or null: the staff member's own password, or a passkey that
 * answered a challenge bound to unlocking the desk (ADR 075) — for a staff member who signs in
 * with passkeys only.
 */
async function gateRefusal(
  db: Db,
  clock: Clock,
  staff: Member,
  proof: TSupportUnlockRequest,
): Promise<AppError | null> {
  if ("passkey" in proof) {
    try {
      const action = { kind: "staff", action: SUPPORT_UNLOCK_ACTION } as const;
      await verifyPasskeyStepUp(db, clock, staff, action, proof.passkey);
      return null;
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
  }
  return (await passwordMatches(db, staff.userId, proof.password))
    ? null
    : new AppError("INVALID_CREDENTIALS", { context: "supportGate" }, { field: "password" });
}

/** The seeds' gate, checked by the server: the staff member's password or passkey, for this session. */
export async function unlockDesk(
  db: Db,
  clock: Clock,
  staff: Member,
  proof: TSupportUnlockRequest,
  ip: string,
): Promise<TSupportUnlock> {
  const refusal = await gateRefusal(db, clock, staff, proof);
  const ok = refusal === null;
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
  if (refusal) throw refusal;
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
