import {
  type TMe,
  type TNotificationPrefs,
  type TProfile,
  type TPublicProfile,
  type TUpdateProfileRequest,
  type TUpdateWalletRequest,
  type TUsernameAvailability,
  USERNAME_RULES,
  WITHDRAWAL,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { type Member, signedInWithTwoFactors } from "../../lib/member";
import { accountSecurityOf, confirmIdentity } from "../identity/identity.service";
import { setTransactionEmails } from "../notifications/notifications.service";
import {
  countReferrals,
  findProfileById,
  findProfileByUsername,
  type ProfileRow,
  queueNotice,
  updateProfile,
  usernameTakenByOther,
} from "./profiles.repository";

export function toProfileDto(row: ProfileRow): TProfile {
  return {
    id: row.id,
    authUid: row.authUid,
    username: row.username,
    isVerified: row.isVerified,
    walletAddress: row.walletAddress,
    walletNetwork: row.walletNetwork,
    referredBy: row.referredBy,
    role: row.role,
    suspended: row.suspended,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getMe(db: Db, member: Member): Promise<TMe> {
  const security = await accountSecurityOf(db, member.userId);
  return {
    user: {
      id: member.userId,
      email: member.email,
      emailVerified: member.emailVerified,
      twoFactorEnabled: security?.twoFactorEnabled ?? member.twoFactorEnabled,
      hasPasskey: security?.hasPasskey === true,
      signedInWithTwoFactors: signedInWithTwoFactors({
        twoFactorEnabled: security?.twoFactorEnabled ?? member.twoFactorEnabled,
        passkeyVerified: member.passkeyVerified,
      }),
    },
    profile: toProfileDto(member.profile),
    notifications: member.profile.emailPrefs,
    firstRunDismissed: member.profile.firstRunDismissedAt !== null,
  };
}

/** Closes the dashboard's first-run guide for good (the first time counts; again is a no-op). */
export async function dismissFirstRun(db: Db, clock: Clock, member: Member): Promise<TMe> {
  if (member.profile.firstRunDismissedAt === null) {
    member.profile = await updateProfile(db, member.profile.id, {
      firstRunDismissedAt: clock.now(),
    });
  }
  return getMe(db, member);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export async function updateOwnProfile(
  db: Db,
  member: Member,
  patch: TUpdateProfileRequest,
): Promise<TMe> {
  if (
    patch.username !== undefined &&
    (await usernameTakenByOther(db, patch.username, member.profile.id))
  ) {
    throw new AppError("USERNAME_TAKEN", undefined, { field: "username" });
  }
  try {
    member.profile = await updateProfile(db, member.profile.id, {
      ...(patch.username !== undefined ? { username: patch.username } : {}),
      ...(patch.locale !== undefined ? { locale: patch.locale } : {}),
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("USERNAME_TAKEN", undefined, { field: "username" });
    throw error;
  }
  return getMe(db, member);
}

export async function checkUsernameAvailability(
  db: Db,
  username: string,
  member: Member | undefined,
): Promise<TUsernameAvailability> {
  const value = username.trim();
  if (
    value.length < USERNAME_RULES.min ||
    value.length > USERNAME_RULES.max ||
    !USERNAME_RULES.pattern.test(value)
  ) {
    return { username: value, available: false, reason: "invalid" };
  }
  if (member && member.profile.username.toLowerCase() === value.toLowerCase()) {
    return { username: value, available: true, reason: "yours" };
  }
  const taken = await usernameTakenByOther(db, value);
  return taken
    ? { username: value, available: false, reason: "taken" }
    : { username: value, available: true };
}

/**
 * Saves the payout wallet after the password or a 2FA code. A changed wallet records when it
 * changed (it cannot receive a withdrawal for 24 hours) and e-mails the member, in the same
 * transaction.
 */
export async function updateWallet(
  db: Db,
  clock: Clock,
  authSecret: string,
  member: Member,
  request: TUpdateWalletRequest,
): Promise<TMe> {
  await confirmIdentity(db, authSecret, member, request, {
    clock,
    action: {
      kind: "wallet",
      walletNetwork: request.walletNetwork,
      walletAddress: request.walletAddress,
    },
  });
  const changed =
    member.profile.walletAddress !== request.walletAddress ||
    member.profile.walletNetwork !== request.walletNetwork;
  if (!changed) return getMe(db, member);
  member.profile = await db.transaction(async (tx) => {
    const profile = await updateProfile(tx, member.profile.id, {
      walletAddress: request.walletAddress,
      walletNetwork: request.walletNetwork,
      walletChangedAt: clock.now(),
    });
    await queueNotice(tx, profile.id, "wallet-changed", "walletChanged", {
      network: request.walletNetwork,
      address: request.walletAddress,
      hours: String(WITHDRAWAL.newAddressHoldHours),
    });
    return profile;
  });
  return getMe(db, member);
}

export async function updateNotifications(
  db: Db,
  member: Member,
  prefs: TNotificationPrefs,
): Promise<TMe> {
  member.profile = await updateProfile(db, member.profile.id, { emailPrefs: prefs });
  // "transactions" is now the e-mail channel of the kinds it covered (ADR 059).
  await setTransactionEmails(db, member.profile.id, prefs.transactions);
  return getMe(db, member);
}

/** The profile shown at /@username: none for an unknown or suspended member. */
export async function findPublicProfile(db: Db, username: string): Promise<ProfileRow | undefined> {
  const profile = await findProfileByUsername(db, username.replace(/^@/, ""));
  return profile && !profile.suspended && !profile.deletedAt ? profile : undefined;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A member's public profile by username, or by id (an invite link's `?ref=` may carry either):
 * the invite page shows "@x invited you" only for a referrer that exists.
 */
export async function getPublicProfile(db: Db, handle: string): Promise<TPublicProfile> {
  const byId = UUID_RE.test(handle) ? await findProfileById(db, handle) : undefined;
  const profile =
    byId !== undefined
      ? byId.suspended || byId.deletedAt
        ? undefined
        : byId
      : await findPublicProfile(db, handle);
  if (!profile) throw new AppError("NOT_FOUND", { context: "profile" });
  return {
    id: profile.id,
    username: profile.username,
    isVerified: profile.isVerified,
    memberSince: profile.createdAt.toISOString(),
    referralCount: await countReferrals(db, profile.id),
  };
}
