import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accounts, twoFactors, users } from "../../db/schema";

/** What proves who a member is: the account's password hash and TOTP secret, and its e-mail. */
export interface AccountSecurity {
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  passwordHash: string | null;
  totpSecret: string | null;
  /** Whether the account has a passkey (it can confirm with one, ADR 074). */
  hasPasskey: boolean;
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
      hasPasskey: sql<boolean>`exists (select 1 from passkeys p where p.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, authUid))
    .limit(1);
  return row ? { ...row, twoFactorEnabled: row.twoFactorEnabled ?? false } : undefined;
}
