import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { accounts, type EmailPrefs, profiles, sessions, twoFactors, users } from "../../db/schema";

export type ProfileRow = typeof profiles.$inferSelect;

export async function findProfileByAuthUid(
  db: DbOrTx,
  authUid: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.authUid, authUid)).limit(1);
  return row;
}

/** A live session with its user and profile, by session token, in one query. */
export async function findSessionMember(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      session: { id: sessions.id, token: sessions.token, updatedAt: sessions.updatedAt },
      user: {
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        twoFactorEnabled: users.twoFactorEnabled,
      },
      profile: profiles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.authUid, sessions.userId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function findProfileById(db: DbOrTx, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return row;
}

/** Case-insensitive: usernames are unique regardless of case. */
export async function findProfileByUsername(
  db: DbOrTx,
  username: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function countReferrals(db: DbOrTx, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(eq(profiles.referredBy, profileId));
  return row?.n ?? 0;
}

export async function updateProfile(
  db: DbOrTx,
  id: string,
  patch: Partial<
    Pick<ProfileRow, "username" | "locale" | "walletAddress" | "walletNetwork" | "emailPrefs">
  >,
): Promise<ProfileRow> {
  const [row] = await db.update(profiles).set(patch).where(eq(profiles.id, id)).returning();
  if (!row) throw new Error("profile vanished");
  return row;
}

export async function setSuspended(
  db: DbOrTx,
  id: string,
  suspended: boolean,
): Promise<ProfileRow | undefined> {
  const [row] = await db.update(profiles).set({ suspended }).where(eq(profiles.id, id)).returning();
  return row;
}

export async function setRole(
  db: DbOrTx,
  id: string,
  role: ProfileRow["role"],
): Promise<ProfileRow | undefined> {
  const [row] = await db.update(profiles).set({ role }).where(eq(profiles.id, id)).returning();
  return row;
}

export async function deleteSessionsOfUser(db: DbOrTx, authUid: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, authUid))
    .returning({ id: sessions.id });
  return rows.length;
}

export interface AccountSecurity {
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  passwordHash: string | null;
  totpSecret: string | null;
}

export async function loadAccountSecurity(
  db: DbOrTx,
  authUid: string,
): Promise<AccountSecurity | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      passwordHash: accounts.password,
      totpSecret: twoFactors.secret,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, authUid))
    .limit(1);
  return row ? { ...row, twoFactorEnabled: row.twoFactorEnabled ?? false } : undefined;
}

/** Who to alert about a sign-in, and whether this device is new for the member. */
export async function loadSignInAlertTarget(
  db: DbOrTx,
  authUid: string,
  userAgent: string,
): Promise<
  { email: string; locale: string; wantsAlert: boolean; isNewDevice: boolean } | undefined
> {
  const [row] = await db
    .select({ email: users.email, locale: profiles.locale, prefs: profiles.emailPrefs })
    .from(users)
    .innerJoin(profiles, eq(profiles.authUid, users.id))
    .where(eq(users.id, authUid))
    .limit(1);
  if (!row) return undefined;
  const [others] = await queryRows<{ total: number; same: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where ${sessions.userAgent} = ${userAgent})::int as same
        from ${sessions} where ${sessions.userId} = ${authUid}`,
  );
  // The session just created counts once: the first sign-in ever is not "a new device".
  const total = others?.total ?? 0;
  const same = others?.same ?? 0;
  return {
    email: row.email,
    locale: row.locale,
    wantsAlert: (row.prefs as EmailPrefs).newSignIn,
    isNewDevice: total > 1 && same <= 1,
  };
}

export async function usernameTakenByOther(
  db: DbOrTx,
  username: string,
  exceptProfileId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        sql`lower(${profiles.username}) = lower(${username})`,
        exceptProfileId ? ne(profiles.id, exceptProfileId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}
