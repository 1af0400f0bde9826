import { ADMIN, type TStepUpRequest, type TStepUpState } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { confirmIdentity } from "../identity/identity.service";
import {
  grantStaffAction,
  spendStaffGrant,
  verifyPasskeyStepUp,
} from "../identity/passkey-step-up.service";
import { recordStepUp, stepUpOf } from "./step-up.repository";

const WINDOW_MS = ADMIN.stepUpMinutes * 60_000;

function state(at: Date): TStepUpState {
  return {
    confirmedAt: at.toISOString(),
    validUntil: new Date(at.getTime() + WINDOW_MS).toISOString(),
  };
}

/**
 * A staff action and its target as a step-up names it: the route, its parameters and what the
 * body decides beyond them (`detail`, e.g. the new role).
 */
export function staffActionOf(
  request: { method: string; routeOptions: { url?: string | undefined }; params: unknown },
  detail?: string,
): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const target = Object.keys(params)
    .sort()
    .map((key) => `${key}=${String(params[key])}`)
    .join("&");
  const named = [target, detail].filter(Boolean).join(" ");
  return `${request.method} ${request.routeOptions.url ?? "?"}${named ? ` ${named}` : ""}`;
}

/**
 * Step-up (ADR 029): an admin action that moves money or changes a role needs this session to
 * have confirmed the password or a 2FA code within ADMIN.stepUpMinutes, by the server's clock —
 * or a passkey for exactly this action and target (ADR 074), spent by it. The refusal names the
 * action, so the client can ask the passkey for it.
 */
export async function requireStepUp(
  db: Db,
  clock: Clock,
  member: Member,
  action: string,
): Promise<void> {
  const at = await stepUpOf(db, member.sessionId);
  const now = clock.now();
  if (at && now.getTime() - at.getTime() <= WINDOW_MS) return;
  if (await spendStaffGrant(db, member, action, now, WINDOW_MS)) return;
  throw new AppError("STEP_UP_REQUIRED", { minutes: ADMIN.stepUpMinutes, action });
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

/**
 * Confirms the password or a current 2FA code and records the time for this session; or a passkey
 * assertion for one staff action, which that action alone spends.
 */
export async function confirmStepUp(
  db: Db,
  authSecret: string,
  clock: Clock,
  member: Member,
  proof: TStepUpRequest,
): Promise<TStepUpState> {
  if (proof.passkey) {
    // A passkey confirms the one staff action it was asked for, not a window (ADR 074).
    const { challengeId } = await verifyPasskeyStepUp(
      db,
      clock,
      member,
      { kind: "staff", action: proof.action ?? "" },
      proof.passkey,
    );
    const at = clock.now();
    await grantStaffAction(db, challengeId, at);
    return state(at);
  }
  await confirmIdentity(db, authSecret, member, proof);
  const at = clock.now();
  await recordStepUp(db, member.sessionId, at);
  return state(at);
}
