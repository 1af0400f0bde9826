import { createOTP } from "@better-auth/utils/otp";
import type { TPasskeyProof, TStepUpAction } from "@viewvault/shared";
import { symmetricDecrypt } from "better-auth/crypto";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { verifyPassword } from "../../lib/password";
import { type AccountSecurity, loadAccountSecurity } from "./identity.repository";
import { verifyPasskeyStepUp } from "./passkey-step-up.service";

/**
 * Who a member proves to be: their account's security facts and re-authentication (password,
 * TOTP or a passkey). Below profiles, step-up, support, withdrawals and data rights, which all ask it.
 */

/** The account's e-mail, 2FA state, password hash and TOTP secret, or undefined. */
export function accountSecurityOf(db: Db, authUid: string): Promise<AccountSecurity | undefined> {
  return loadAccountSecurity(db, authUid);
}

/** Whether `password` is the account's password (false when it has none). */
export async function passwordMatches(db: Db, authUid: string, password: string): Promise<boolean> {
  const security = await loadAccountSecurity(db, authUid);
  return (
    !!security?.passwordHash && (await verifyPassword({ hash: security.passwordHash, password }))
  );
}

/** What a sensitive request is confirmed with: the password, a TOTP code or a passkey. */
export interface IdentityProof {
  password?: string | undefined;
  code?: string | undefined;
  passkey?: TPasskeyProof | undefined;
}

/**
 * Re-authentication for sensitive changes: the account password, a current TOTP code, or a
 * passkey assertion for a challenge bound to `bound.action` (ADR 074). A passkey proof is
 * checked alone: when it fails, the password or code beside it are not tried.
 */
export async function confirmIdentity(
  db: Db,
  authSecret: string,
  member: Member,
  proof: IdentityProof,
  bound?: { clock: Clock; action: TStepUpAction },
): Promise<void> {
  if (proof.passkey) {
    if (!bound) throw new AppError("PASSKEY_CHALLENGE_INVALID");
    await verifyPasskeyStepUp(db, bound.clock, member, bound.action, proof.passkey);
    return;
  }
  const security = await loadAccountSecurity(db, member.userId);
  if (proof.password && security?.passwordHash) {
    if (await verifyPassword({ hash: security.passwordHash, password: proof.password })) return;
  }
  if (proof.code && security?.twoFactorEnabled && security.totpSecret) {
    const secret = await symmetricDecrypt({ key: authSecret, data: security.totpSecret });
    if (await createOTP(secret, { period: 30, digits: 6 }).verify(proof.code)) return;
  }
  throw new AppError("INVALID_CREDENTIALS");
}
