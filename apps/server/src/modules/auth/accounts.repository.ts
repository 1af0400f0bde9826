import type { Locale, Role } from "@viewvault/shared";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accounts, profiles, users } from "../../db/schema";
import type { ProfileRow } from "../../lib/member";

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/** The profile of the account with this e-mail, if any. */
export async function findProfileByEmail(
  db: DbOrTx,
  email: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select({ profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.authUid, users.id))
    .where(eq(users.email, email))
    .limit(1);
  return row?.profile;
}

/**
 * A Better Auth user with an e-mail/password credential, as its sign-up would write them; the
 * create-profile trigger adds the profile (and its ledger accounts) in the same transaction.
 */
export async function insertUserWithPassword(
  db: DbOrTx,
  values: {
    id: string;
    credentialId: string;
    email: string;
    username: string;
    passwordHash: string;
    emailVerified: boolean;
    locale: Locale;
    referredBy: string | null;
  },
): Promise<void> {
  const now = new Date();
  await db.insert(users).values({
    id: values.id,
    name: values.username,
    email: values.email,
    emailVerified: values.emailVerified,
    username: values.username.toLowerCase(),
    displayUsername: values.username,
    locale: values.locale,
    referralId: values.referredBy,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(accounts).values({
    id: values.credentialId,
    accountId: values.id,
    providerId: "credential",
    userId: values.id,
    password: values.passwordHash,
    createdAt: now,
    updatedAt: now,
  });
}

export async function setRoleOfUser(
  db: DbOrTx,
  authUid: string,
  role: Role,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ role })
    .where(eq(profiles.authUid, authUid))
    .returning();
  return row;
}
