/**
 * Test factories: insert what a test needs straight into the database (fishery; after immich's
 * `server/test/factories`). Only the auth suite (`modules/auth/auth.routes.test.ts`) and the
 * suites split from it sign up over HTTP; every other suite starts here.
 *
 * A member (confirmed Better Auth user + credential; the create-profile trigger adds the profile
 * and its ledger accounts). Every field of `MemberParams` can be overridden: username, email,
 * role, locale, referredBy (a profile id), suspended, emailVerified, signupIp, signupUserAgent,
 * twoFactor. The password is TEST_PASSWORD (hashed once per test file):
 *
 *   const m = await memberFactory.create({ locale: "pt-BR" }, { transient: { db } });
 *   m.profile.id; m.username; m.email; m.authUid
 *
 * A funded member (views / micro-USDT credited through the ledger by `fund`, an adjustment):
 *
 *   await memberFactory.funded({ views: 500n, usdt: USDT(10) }).create({}, { transient: { db } });
 *
 * Staff with TOTP two-factor on (secret TOTP_SECRET, encrypted with the app's auth secret as Better
 * Auth does; `m.totp()` gives the current code):
 *
 *   const { secret } = await authOf(app);
 *   await memberFactory.staff("admin").create({}, { transient: { db, authSecret: secret } });
 *
 * A signed-in client (`client()` of test/accounts.ts with a session row and the signed session
 * cookie, no HTTP sign-in): `const c = await signedInClient(app, m);`
 *
 * All of it at once, in the shape registerMember had (plus the full profile and `totp`):
 *
 *   const { c, user, me, id, profile } = await createSignedInMember(app, { views: 100n });
 *   const admin = await createSignedInMember(app, { role: "admin", twoFactor: true });
 *
 * Staff at the support desk (its gate unlocked; an admin stepped up with `stepUp`), and the desk
 * request a withdrawal opened:
 *
 *   const agent = await createDeskStaff(app, "support");
 *   const requestId = await deskRequestIdOf(db, withdrawalId);
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Db, queryRows } from "../../src/db/client";
import type { ProfileRow } from "../../src/modules/profiles/profiles.repository";
import type { Client } from "../accounts";
import { type MemberParams, memberFactory, TEST_PASSWORD } from "./member.factory";
import { authOf, signedInClient } from "./session.factory";

export { fund, fundHeld, USDT } from "./ledger";
export {
  BACKUP_CODES,
  type FactoryMember,
  MemberFactory,
  type MemberParams,
  memberFactory,
  TEST_PASSWORD,
  TOTP_SECRET,
  totpCode,
} from "./member.factory";
export { heldReferral } from "./referral";
export { authOf, createSession, signedInClient, signedSessionCookie } from "./session.factory";

export interface SignedInMember {
  /** Signed in as the member, from the address they signed up from. */
  c: Client;
  user: { username: string; email: string; password: string };
  me: { profile: { id: string; username: string }; user: { id: string } };
  /** The profile id. */
  id: string;
  profile: ProfileRow;
  totp: (() => Promise<string>) | null;
}

/** A member (funded if asked) with a client signed in as them, on this app's database. */
export async function createSignedInMember(
  app: FastifyInstance,
  overrides: Partial<MemberParams> & { views?: bigint; usdt?: bigint } = {},
): Promise<SignedInMember> {
  const { views, usdt, ...params } = overrides;
  const m = await memberFactory
    .funded({ views: views ?? 0n, usdt: usdt ?? 0n })
    .create(params, { transient: { db: app.db, authSecret: (await authOf(app)).secret } });
  const c = await signedInClient(app, m, m.profile.signupIp ?? undefined);
  return {
    c,
    user: { username: m.username, email: m.email, password: m.password },
    me: { profile: { id: m.profile.id, username: m.profile.username }, user: { id: m.authUid } },
    id: m.profile.id,
    profile: m.profile,
    totp: m.totp,
  };
}

/**
 * A staff member signed in with two factors and the support desk unlocked (its password gate);
 * an admin is also stepped up for admin actions when `stepUp` is set.
 */
export async function createDeskStaff(
  app: FastifyInstance,
  role: "support" | "admin" = "support",
  { stepUp = false }: { stepUp?: boolean } = {},
): Promise<SignedInMember> {
  const s = await createSignedInMember(app, { role, twoFactor: true });
  const unlock = await s.c.request("POST", "/api/support/desk/unlock", { password: TEST_PASSWORD });
  if (unlock.statusCode !== 200)
    throw new Error(`desk unlock: ${unlock.statusCode} ${unlock.body}`);
  if (stepUp) {
    const up = await s.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
    if (up.statusCode !== 200) throw new Error(`admin step-up: ${up.statusCode} ${up.body}`);
  }
  return s;
}

/** The support desk request a withdrawal opened. */
export async function deskRequestIdOf(db: Db, withdrawalId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from support_requests where withdrawal_id = ${withdrawalId}`,
  );
  if (!row) throw new Error(`no desk request for withdrawal ${withdrawalId}`);
  return row.id;
}
