import { randomBytes } from "node:crypto";
import { type Locale, type Role, ZEmail, ZPassword, ZUsername } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { hashPassword } from "../../lib/password";
import type { ProfileRow } from "../profiles/profiles.repository";
import { usernameTakenByOther } from "../profiles/profiles.repository";
import {
  findProfileByEmail,
  findUserByEmail,
  insertUserWithPassword,
  setRoleOfUser,
} from "./accounts.repository";

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
  const sameUsername = (profile: ProfileRow | undefined) =>
    profile !== undefined && profile.username.toLowerCase() === username.toLowerCase();
  // Already there (the seed runs at every start): answer before paying for a password hash.
  const known = await findProfileByEmail(db, email);
  if (sameUsername(known)) return { profile: known as ProfileRow, created: false };
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) {
      const profile = await findProfileByEmail(tx, email);
      if (!sameUsername(profile)) throw new AppError("CONFLICT", { context: "emailTaken", email });
      return { profile: profile as ProfileRow, created: false };
    }
    if (await usernameTakenByOther(tx, username))
      throw new AppError("USERNAME_TAKEN", { username });
    const id = randomBytes(24).toString("base64url");
    await insertUserWithPassword(tx, {
      id,
      credentialId: randomBytes(24).toString("base64url"),
      email,
      username,
      passwordHash: hash,
      emailVerified: input.emailVerified ?? true,
      locale: input.locale ?? "en",
      referredBy: input.referredBy ?? null,
    });
    const profile = await setRoleOfUser(tx, id, input.role);
    if (!profile) throw new Error("the create-profile trigger did not run");
    return { profile, created: true };
  });
}
