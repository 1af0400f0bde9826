import { randomBytes } from "node:crypto";
import { symmetricEncrypt } from "better-auth/crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles, twoFactors, users } from "../db/schema";
import type { SeedOptions } from "./seed-options";

/**
 * The demo staff accounts' TOTP secret (public by design: local demo data only). Staff pages
 * require two-factor authentication, so the demo support and admin accounts (both admins) have it on. Better
 * Auth keeps the secret's text; authenticator apps take it in base32 (DEMO_STAFF_TOTP_KEY).
 */
const DEMO_STAFF_TOTP_SECRET = "VIEWVAULTDEMOSTAFFTOTPKEY234567AB";
/** base32 of DEMO_STAFF_TOTP_SECRET: the key to add to an authenticator app (the journeys do). */
const DEMO_STAFF_TOTP_KEY = "KZEUKV2WIFKUYVCEIVGU6U2UIFDEMVCPKRIEWRKZGIZTINJWG5AUE===";

/** The demo staff accounts (demo-accounts.ts) that get the demo key. */
const DEMO_STAFF_EMAILS = [
  "support@viewvault.local",
  "admin@viewvault.local",
  "admin2@viewvault.local",
];

/** Turns two-factor on for the demo staff accounts that do not have it yet. */
export async function seedDemoStaffTwoFactor(db: Db, opts: SeedOptions): Promise<void> {
  if (!opts.authSecret) return;
  const staff = await db
    .select({ userId: users.id, enabled: users.twoFactorEnabled })
    .from(users)
    .innerJoin(profiles, eq(profiles.authUid, users.id))
    .where(
      and(inArray(users.email, DEMO_STAFF_EMAILS), inArray(profiles.role, ["support", "admin"])),
    );
  for (const member of staff.filter((s) => !s.enabled)) {
    const secret = await symmetricEncrypt({ key: opts.authSecret, data: DEMO_STAFF_TOTP_SECRET });
    const backupCodes = await symmetricEncrypt({
      key: opts.authSecret,
      data: JSON.stringify(
        Array.from({ length: 10 }, () => {
          const code = randomBytes(5).toString("hex");
          return `${code.slice(0, 5)}-${code.slice(5)}`;
        }),
      ),
    });
    await db.transaction(async (tx) => {
      await tx.delete(twoFactors).where(eq(twoFactors.userId, member.userId));
      await tx.insert(twoFactors).values({
        id: randomBytes(16).toString("hex"),
        userId: member.userId,
        secret,
        backupCodes,
        verified: true,
      });
      await tx.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, member.userId));
    });
  }
  if (staff.length) {
    opts.log(
      `  Demo staff two-factor key (authenticator app, local demo only): ${DEMO_STAFF_TOTP_KEY}`,
    );
  }
}
