// npm run user:create -- --email E --username U --password P --role admin|support|member
// Creates a confirmed account on the configured database (DATABASE_URL, or the embedded one).
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { ROLES, type Role } from "@viewvault/shared";
import { loadEnv } from "../config/env";
import { openMigratedDatabase } from "../db/migrate";
import { createAccount } from "../modules/auth/create-account";

if (existsSync(".env")) process.loadEnvFile(".env");
const { values } = parseArgs({
  options: {
    email: { type: "string" },
    username: { type: "string" },
    password: { type: "string" },
    role: { type: "string", default: "member" },
  },
});
if (!values.email || !values.username || !values.password || !ROLES.includes(values.role as Role)) {
  console.error(
    "usage: npm run user:create -- --email E --username U --password P --role admin|support|member",
  );
  process.exit(2);
}
const env = loadEnv();
const database = await openMigratedDatabase(env, 2);
try {
  const { profile, created } = await createAccount(database.db, {
    email: values.email,
    username: values.username,
    password: values.password,
    role: values.role as Role,
  });
  console.log(
    created
      ? `created ${profile.role} ${profile.username} (profile ${profile.id})`
      : `${profile.username} already exists (profile ${profile.id})`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
