import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { profiles, sessions } from "../../db/schema";
import type { ProfileRow } from "../profiles/profiles.repository";

/** Staff actions on a member's standing: suspension, role, and their sessions. */
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
