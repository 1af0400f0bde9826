import { ADMIN, type TStepUpRequest, type TStepUpState } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { confirmIdentity } from "../identity/identity.service";
import { recordStepUp, stepUpOf } from "./step-up.repository";

const WINDOW_MS = ADMIN.stepUpMinutes * 60_000;

function state(at: Date): TStepUpState {
  return {
    confirmedAt: at.toISOString(),
    validUntil: new Date(at.getTime() + WINDOW_MS).toISOString(),
  };
}

/**
 * Step-up (ADR 029): an admin action that moves money or changes a role needs this session to
 * have confirmed the password or a 2FA code within ADMIN.stepUpMinutes, by the server's clock.
 */
export async function requireStepUp(db: Db, clock: Clock, member: Member): Promise<void> {
  const at = await stepUpOf(db, member.sessionId);
  if (!at || clock.now().getTime() - at.getTime() > WINDOW_MS) {
    throw new AppError("STEP_UP_REQUIRED", { minutes: ADMIN.stepUpMinutes });
  }
}

/** The session's last confirmation, or null when it never confirmed or it expired. */
export async function stepUpState(
  db: Db,
  clock: Clock,
  member: Member,
): Promise<TStepUpState | null> {
  const at = await stepUpOf(db, member.sessionId);
  return at && clock.now().getTime() - at.getTime() <= WINDOW_MS ? state(at) : null;
}

/** Confirms the password or a current 2FA code and records the time for this session. */
export async function confirmStepUp(
  db: Db,
  authSecret: string,
  clock: Clock,
  member: Member,
  proof: TStepUpRequest,
): Promise<TStepUpState> {
  await confirmIdentity(db, authSecret, member, proof);
  const at = clock.now();
  await recordStepUp(db, member.sessionId, at);
  return state(at);
}
