import { randomBytes } from "node:crypto";
import { createOTP } from "@better-auth/utils/otp";
import type { Locale, Role } from "@viewvault/shared";
import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { Factory } from "fishery";
import type { Db } from "../../src/db/client";
import { profiles, twoFactors, users } from "../../src/db/schema";
import { hashPassword } from "../../src/lib/password";
import { insertUserWithPassword } from "../../src/modules/auth/accounts.repository";
import type { ProfileRow } from "../../src/modules/profiles/profiles.repository";
import { BROWSER_USER_AGENT, freshIp } from "../accounts";
import { fund } from "./ledger";

/** Every factory member's password (one scrypt hash per test file, shared by all of them). */
export const TEST_PASSWORD = "violet-lantern-42";
/** The authenticator secret of factory members with 2FA on (32 characters, like Better Auth). */
export const TOTP_SECRET = "TestTotpSecretForStaff0123456789";
/** Their backup codes (Better Auth's `xxxxx-xxxxx` form). */
export const BACKUP_CODES = ["backu-pcod1", "backu-pcod2", "backu-pcod3"];

/** The current TOTP code for TOTP_SECRET, as an authenticator app would show it. */
export function totpCode(): Promise<string> {
  return createOTP(TOTP_SECRET, { period: 30, digits: 6 }).totp();
}

/** What a member is built from: every field can be overridden. */
export interface MemberParams {
  /** Better Auth's user id. */
  authUid: string;
  username: string;
  email: string;
  password: string;
  role: Role;
  locale: Locale;
  emailVerified: boolean;
  /** The referrer's profile id (the create-profile trigger keeps it only if that profile exists) */
  referredBy: string | null;
  suspended: boolean;
  signupIp: string | null;
  signupUserAgent: string | null;
  /** TOTP two-factor on, with TOTP_SECRET and BACKUP_CODES (needs the `authSecret` transient). */
  twoFactor: boolean;
}

export interface MemberTransient {
  db: Db;
  /** The app's auth secret: encrypts the TOTP secret as Better Auth does. */
  authSecret: string;
  /** Credited through the ledger right after creation. */
  views: bigint;
  usdt: bigint;
}

/** A member in the database. */
export interface FactoryMember {
  authUid: string;
  username: string;
  email: string;
  password: string;
  profile: ProfileRow;
  /** The member's current TOTP code, when 2FA is on. */
  totp: (() => Promise<string>) | null;
}

const hashes = new Map<string, Promise<string>>();
/** scrypt once per distinct password per test file, not once per member. */
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

const randomId = () => randomBytes(24).toString("base64url");

/**
 * Inserts what a confirmed sign-up leaves behind: the Better Auth user and its e-mail/password
 * credential (through the accounts repository), and — by the create-profile trigger in the same
 * transaction — the profile with its ledger accounts; then the overrides the trigger does not
 * copy (role, suspension, sign-up metadata, two-factor).
 */
async function insertMember(
  db: Db,
  authSecret: string | undefined,
  p: MemberParams,
): Promise<FactoryMember> {
  if (p.twoFactor && !authSecret)
    throw new Error("memberFactory: twoFactor needs the app's auth secret (transient authSecret)");
  const hash = await passwordHash(p.password);
  const encrypted =
    p.twoFactor && authSecret
      ? {
          secret: await symmetricEncrypt({ key: authSecret, data: TOTP_SECRET }),
          backupCodes: await symmetricEncrypt({
            key: authSecret,
            data: JSON.stringify(BACKUP_CODES),
          }),
        }
      : null;
  const profile = await db.transaction(async (tx) => {
    await insertUserWithPassword(tx, {
      id: p.authUid,
      credentialId: randomId(),
      email: p.email,
      username: p.username,
      passwordHash: hash,
      emailVerified: p.emailVerified,
      locale: p.locale,
      referredBy: p.referredBy,
    });
    await tx
      .update(users)
      .set({
        signupIp: p.signupIp,
        signupUserAgent: p.signupUserAgent,
        twoFactorEnabled: p.twoFactor,
      })
      .where(eq(users.id, p.authUid));
    if (encrypted) {
      await tx.insert(twoFactors).values({
        id: randomId(),
        userId: p.authUid,
        secret: encrypted.secret,
        backupCodes: encrypted.backupCodes,
        verified: true,
      });
    }
    const [row] = await tx
      .update(profiles)
      .set({
        role: p.role,
        suspended: p.suspended,
        signupIp: p.signupIp,
        signupUserAgent: p.signupUserAgent,
      })
      .where(eq(profiles.authUid, p.authUid))
      .returning();
    if (!row) throw new Error("the create-profile trigger did not run");
    return row;
  });
  return {
    authUid: p.authUid,
    username: p.username,
    email: p.email,
    password: p.password,
    profile,
    totp: p.twoFactor ? totpCode : null,
  };
}

export class MemberFactory extends Factory<MemberParams, MemberTransient, FactoryMember> {
  /** Credited with views and/or micro-USDT through the ledger once created. */
  funded(amounts: { views?: bigint; usdt?: bigint }) {
    return this.transient({ views: amounts.views ?? 0n, usdt: amounts.usdt ?? 0n });
  }

  /** Support or admin staff with TOTP two-factor on, as staff routes require. */
  staff(role: "support" | "admin" = "admin") {
    return this.params({ role, twoFactor: true });
  }
}

/**
 * Confirmed members inserted straight into the database:
 * `await memberFactory.create({ locale: "pt-BR" }, { transient: { db } })`.
 */
export const memberFactory = MemberFactory.define(
  ({ sequence, params, transientParams, onCreate, afterCreate }): MemberParams => {
    const { db, authSecret, views = 0n, usdt = 0n } = transientParams;
    onCreate((p) => {
      if (!db) throw new Error("memberFactory.create needs the database (transient db)");
      return insertMember(db, authSecret, p);
    });
    afterCreate(async (member) => {
      if (db && (views || usdt)) await fund(db, member.profile.id, { views, usdt });
      return member;
    });
    // Underscore-separated, so never equal to a name uniqueUser() makes for an HTTP sign-up.
    const username =
      params.username ?? `member${sequence}_${randomBytes(3).toString("hex").slice(0, 4)}`;
    return {
      authUid: randomId(),
      username,
      email: `${username.toLowerCase()}@example.test`,
      password: TEST_PASSWORD,
      role: "member",
      locale: "en",
      emailVerified: true,
      referredBy: null,
      suspended: false,
      // Each member from its own /24, like registerMember's clients: referral checks compare them.
      signupIp: freshIp(),
      signupUserAgent: BROWSER_USER_AGENT,
      twoFactor: false,
    };
  },
);
