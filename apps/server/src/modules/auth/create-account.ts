import { randomBytes } from "node:crypto";
import { type Locale, type Role, ZEmail, ZPassword, ZUsername } from "@viewvault/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, profiles, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { ProfileRow } from "../profiles/profiles.repository";
import { hashPassword } from "./password";

export interface CreateAccountInput {
  email: string;
  username: string;
  password: string;
  role: Role;
  locale?: Locale;
  /** Staff and demo accounts are created confirmed. */
  emailVerified?: boolean;
  referredBy?: string | null;
}

/**
 * Creates a confirmed account outside the sign-up flow (the user:create command and the demo
 * seed): the Better Auth user, its credential and — through the create-profile trigger — the
 * profile, in one transaction. Returns the existing profile when the e-mail is already taken
 * with the same username, so seeding is idempotent.
 */
export async function createAccount(
  db: Db,
  input: CreateAccountInput,
): Promise<{ profile: ProfileRow; created: boolean }> {
  const email = ZEmail.parse(input.email);
  const username = ZUsername.parse(input.username);
  ZPassword.parse(input.password);
  // Already there (the seed runs at every start): answer before paying for a password hash.
  const [known] = await db
    .select({ profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.authUid, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (known && known.profile.username.toLowerCase() === username.toLowerCase()) {
    return { profile: known.profile, created: false };
  }
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      const [profile] = await tx
        .select()
        .from(profiles)
        .where(eq(profiles.authUid, existing.id))
        .limit(1);
      if (!profile || profile.username.toLowerCase() !== username.toLowerCase()) {
        throw new AppError("CONFLICT", `${email} already belongs to another account`);
      }
      return { profile, created: false };
    }
    const [taken] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`lower(${profiles.username}) = lower(${username})`)
      .limit(1);
    if (taken) throw new AppError("CONFLICT", `The username ${username} is taken`);
    const id = randomBytes(24).toString("base64url");
    const now = new Date();
    await tx.insert(users).values({
      id,
      name: username,
      email,
      emailVerified: input.emailVerified ?? true,
      username: username.toLowerCase(),
      displayUsername: username,
      locale: input.locale ?? "en",
      referralId: input.referredBy ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(accounts).values({
      id: randomBytes(24).toString("base64url"),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: hash,
      createdAt: now,
      updatedAt: now,
    });
    const [profile] = await tx
      .update(profiles)
      .set({ role: input.role })
      .where(eq(profiles.authUid, id))
      .returning();
    if (!profile) throw new Error("the create-profile trigger did not run");
    return { profile, created: true };
  });
}
