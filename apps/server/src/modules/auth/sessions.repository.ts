import { and, eq, gt, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { type EmailPrefs, profiles, sessions, users } from "../../db/schema";

function sessionMemberQuery(db: DbOrTx) {
  return db
    .select({
      session: {
        id: sessions.id,
        token: sessions.token,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        passkeyVerified: sessions.passkeyVerified,
      },
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
    .where(and(eq(sessions.token, sql.placeholder("token")), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare("vv_session_member");
}

/**
 * The lookup, prepared once per database handle: on PostgreSQL a named statement, parsed and
 * planned once per connection instead of at every cold session (ADR 039).
 */
const preparedLookups = new WeakMap<object, ReturnType<typeof sessionMemberQuery>>();

/** A live session with its user and profile, by session token, in one query. */
export async function findSessionMember(db: DbOrTx, token: string) {
  let query = preparedLookups.get(db);
  if (!query) {
    query = sessionMemberQuery(db);
    preparedLookups.set(db, query);
  }
  const [row] = await query.execute({ token });
  return row;
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
