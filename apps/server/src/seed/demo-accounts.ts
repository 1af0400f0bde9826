import type { Role } from "@viewvault/shared";
import type { Db } from "../db/client";
import { createAccount } from "../modules/auth/create-account";
import type { SeedOptions } from "./seed-options";

/** The demo accounts printed at start; their passwords are public by design (local demo data only). */
export const DEMO_ACCOUNTS: Array<{
  username: string;
  email: string;
  password: string;
  role: Role;
}> = [
  { username: "demo", email: "demo@viewvault.local", password: "demo-password-1", role: "member" },
  {
    username: "support",
    email: "support@viewvault.local",
    password: "support-password-1",
    role: "support",
  },
  {
    username: "admin",
    email: "admin@viewvault.local",
    password: "admin-password-1",
    role: "admin",
  },
  // A second admin: a payout above 1,000 USDT needs an admin who did not process it (ADR 022).
  {
    username: "admin2",
    email: "admin2@viewvault.local",
    password: "admin2-password-1",
    role: "admin",
  },
];

const DEMO_MEMBERS = ["alice", "bruno", "carla", "diego", "emma", "felipe"];

export async function seedDemoAccounts(db: Db, opts: SeedOptions): Promise<void> {
  const created: string[] = [];
  let demoProfileId: string | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const { profile, created: isNew } = await createAccount(db, account);
    if (account.username === "demo") demoProfileId = profile.id;
    if (isNew) created.push(account.username);
  }
  for (const [i, username] of DEMO_MEMBERS.entries()) {
    const { created: isNew } = await createAccount(db, {
      username,
      email: `${username}@viewvault.local`,
      password: `${username}-password-1`,
      role: "member",
      locale: i % 2 ? "pt-BR" : "en",
      // Half of them joined through the demo member's invite link.
      referredBy: i < 3 ? (demoProfileId ?? null) : null,
    });
    if (isNew) created.push(username);
  }
  if (created.length) opts.log(`demo accounts created: ${created.join(", ")}`);
  opts.log(
    [
      "Demo accounts (local demo data only):",
      ...DEMO_ACCOUNTS.map(
        (a) => `  ${a.role.padEnd(7)}  ${a.email.padEnd(26)} password: ${a.password}`,
      ),
      "  Staff pages need two-factor authentication: the demo staff have it on (key below).",
    ].join("\n"),
  );
}
