// npm run ledger:verify — checks the ledger's invariants and prints the totals per currency;
// exits non-zero on any violation. Uses DATABASE_URL, or the embedded database in DATA_DIR.
import { existsSync } from "node:fs";
import { formatUsdt, formatViews } from "@viewvault/shared";
import { loadEnv } from "../config/env";
import { openMigratedDatabase } from "../db/migrate";
import { verifyLedger } from "../modules/ledger/verify-ledger";

if (existsSync(".env")) process.loadEnvFile(".env");
const env = loadEnv();
const database = await openMigratedDatabase(env, 2);
try {
  const report = await verifyLedger(database.db);
  const fmt = (currency: string, v: bigint) =>
    currency === "USDT" ? `${formatUsdt(v)} USDT` : `${formatViews(v)} views`;
  console.log(
    `ledger: ${report.counts.transactions} transactions, ${report.counts.entries} entries, ${report.counts.accounts} accounts`,
  );
  for (const [currency, t] of Object.entries(report.totals)) {
    console.log(`${currency}: members hold ${fmt(currency, t.members)}`);
    for (const [kind, v] of Object.entries(t.system))
      console.log(`  ${kind.padEnd(20)} ${fmt(currency, v)}`);
    console.log(`  sum of all accounts  ${fmt(currency, t.sum)}`);
  }
  // The figures the admin overview and the transparency page show (ADR 069).
  for (const [currency, figures] of Object.entries(report.figures)) {
    console.log(`${currency} as published:`);
    for (const [key, v] of Object.entries(figures))
      console.log(`  ${key.padEnd(20)} ${fmt(currency, BigInt(v))}`);
  }
  if (report.ok) {
    console.log(
      "ledger OK: every transaction balances, projections match, no member balance is negative",
    );
  } else {
    console.error(`ledger has ${report.problems.length} problem(s):`);
    for (const p of report.problems) console.error(`  - ${p}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
