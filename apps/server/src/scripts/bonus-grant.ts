// npm run bonus:grant -- --member <username|email> --amount <usdt> --reason <text>
// Grants a member an event bonus (AVAILABLE until they claim it) on the configured database
// (DATABASE_URL, or the embedded one), recorded in audit_events with no staff actor, through the
// same database command as the admin console's grant (vv_grant_bonus), without an Idempotency-Key.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { ZGrantBonusRequest } from "@viewvault/shared";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { loadEnv } from "../config/env";
import { openMigratedDatabase } from "../db/migrate";
import { profiles, users } from "../db/schema";
import { systemClock } from "../lib/clock";
import { findProfileByUsername } from "../modules/profiles/profiles.repository";
import { grantBonus } from "../modules/rewards/rewards.service";
import { ANNOUNCE_CHANNEL } from "../plugins/realtime";

if (existsSync(".env")) process.loadEnvFile(".env");
const { values } = parseArgs({
  options: {
    member: { type: "string" },
    amount: { type: "string" },
    reason: { type: "string" },
  },
});
const request = ZGrantBonusRequest.safeParse({ amount: values.amount, reason: values.reason });
if (!values.member || !request.success) {
  console.error(
    "usage: npm run bonus:grant -- --member <username|email> --amount <usdt> --reason <text>",
  );
  process.exit(2);
}
const env = loadEnv();
const database = await openMigratedDatabase(env, 2);
const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
try {
  const handle = values.member.replace(/^@/, "");
  const profile = handle.includes("@")
    ? (
        await database.db
          .select({ profile: profiles })
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.authUid))
          .where(eq(users.email, handle.toLowerCase()))
      )[0]?.profile
    : await findProfileByUsername(database.db, handle);
  if (!profile) throw new Error(`no member ${values.member}`);
  const { result: bonus } = await grantBonus(
    {
      // A grant moves no balance (the member's claim does): nobody to tell but the open tabs.
      money: { db: database.db, afterCommit: () => {} },
      clock: systemClock,
      // Open tabs on running instances hear it like a grant through the admin API.
      realtime: {
        announce: (event, members) => {
          const payload = `script|${event}|${members?.join(",") ?? "*"}`;
          if (redis) void redis.publish(ANNOUNCE_CHANNEL, payload);
          else void database.pool?.query("select pg_notify($1, $2)", [ANNOUNCE_CHANNEL, payload]);
        },
      },
    },
    null,
    profile.id,
    request.data,
    // Each run is a new grant: the script has no staff actor to hold an Idempotency-Key.
    null,
  );
  console.log(`granted ${values.amount} USDT to ${profile.username} (bonus ${bonus.id})`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await new Promise((resolve) => setTimeout(resolve, 200));
  await redis?.quit();
  await database.close();
}
