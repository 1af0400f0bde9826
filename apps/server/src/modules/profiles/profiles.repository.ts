import { and, count, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { callSql, functionCall } from "../../db/function-call";
import { profiles } from "../../db/schema";

import type { ProfileRow } from "../../lib/member";

export type { ProfileRow };

export async function findProfileByAuthUid(
  db: DbOrTx,
  authUid: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.authUid, authUid)).limit(1);
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
    Pick<
      ProfileRow,
      | "username"
      | "locale"
      | "walletAddress"
      | "walletNetwork"
      | "walletChangedAt"
      | "emailPrefs"
      | "firstRunDismissedAt"
    >
  >,
): Promise<ProfileRow> {
  const [row] = await db.update(profiles).set(patch).where(eq(profiles.id, id)).returning();
  if (!row) throw new Error("profile vanished");
  return row;
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

/** A notice to a member (rendered in their language when the outbox delivers it). */
const NOTICE = functionCall(
  "vv_notice",
  { p_profile: "uuid", p_kind: "text", p_template: "text", p_params: "jsonb" },
  "void",
);

export async function queueNotice(
  db: DbOrTx,
  profileId: string,
  kind: string,
  template: string,
  params: Record<string, string>,
): Promise<void> {
  await db.execute(
    callSql(NOTICE, {
      profile: profileId,
      kind,
      template,
      params: JSON.stringify(params),
    }),
  );
}
