import { PassThrough, type Readable } from "node:stream";
import { microToDecimalString } from "@viewvault/shared";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { Zip, ZipDeflate } from "fflate";
import type { Db, Tx } from "../../db/client";
import { queryRows } from "../../db/client";
import { neutraliseFormula } from "../activity/activity.service";
import type { ProfileRow } from "../profiles/profiles.repository";
import { MEMBER_DATA } from "./member-data.registry";

/** Ledger entries read per query while the ZIP streams (keyset on the entry id). */
const LEDGER_BATCH = 5000;

const LEDGER_COLUMNS = [
  "id",
  "transactionId",
  "kind",
  "memo",
  "account",
  "currency",
  "amount",
  "balanceAfter",
  "counterpartyProfileId",
  "createdAt",
] as const;

type LedgerRow = {
  id: string;
  transactionId: string;
  kind: string;
  memo: unknown;
  account: string;
  currency: string;
  amount: string;
  balanceAfter: string | null;
  counterpartyProfileId: string | null;
  createdAt: string;
};

/** The file name of one registry entry's rows, without extension: `table.column`. */
function sectionName(table: string, column: string) {
  return `${table}.${column}`;
}

/** One CSV cell: JSON for objects and arrays, empty for null, formulas neutralised. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return neutraliseFormula(JSON.stringify(value));
  return neutraliseFormula(String(value));
}

function csvOf(columns: readonly string[], rows: Record<string, unknown>[], header: boolean) {
  return stringify(
    rows.map((row) => columns.map((c) => cell(row[c]))),
    header ? { header: true, columns: [...columns] } : {},
  );
}

function readme(profile: ProfileRow, now: Date, sections: string[]) {
  return [
    "ViewVault - your data",
    "=====================",
    "",
    `Exported at: ${now.toISOString()}`,
    `Profile id: ${profile.id}`,
    `Username: ${profile.username}`,
    "",
    "Every section comes twice: as JSON (exact values, nested fields kept) and as CSV (one row",
    "per record; nested fields as JSON text; a text cell starting with =, +, -, @, tab or carriage",
    "return gets a leading apostrophe so a spreadsheet does not run it as a formula).",
    "Times are UTC (ISO 8601). Secrets (password hashes, session tokens, two-factor secrets)",
    "are never exported.",
    "",
    "ledger_entries.json / ledger_entries.csv",
    "  Every entry on your ledger accounts, oldest first: the transaction and its kind and memo,",
    "  the account (views, USDT, ...), the amount (views as whole numbers, USDT with 6 decimal",
    "  places; negative = out of the account), the balance after it and the other member, if any.",
    "",
    "<table>.<column>.json / <table>.<column>.csv",
    "  The rows of the table <table> whose column <column> names you (your profile, user",
    "  account, sign-in sessions, transfers sent and received, swaps, videos, watch sessions,",
    "  referrals, marketplace offers, withdrawals, support requests, e-mails sent to you, ...).",
    "  An empty file means there is no such row.",
    "",
    "Sections in this file:",
    ...sections.map((s) => `  ${s}`),
    "",
  ].join("\n");
}

/** Adds files to the ZIP being streamed and waits while the reader is behind. */
interface ZipFiles {
  file: (name: string) => ZipDeflate;
  text: (name: string, content: string) => void;
  drained: () => Promise<void>;
}

/** One JSON and one CSV per registry section; returns the sections' names. */
async function writeSections(tx: Tx, files: ZipFiles, profile: ProfileRow): Promise<string[]> {
  const sections: string[] = [];
  for (const entry of MEMBER_DATA) {
    if (!entry.export) continue;
    const id = entry.key === "profile" ? profile.id : profile.authUid;
    const omit = entry.omit ?? [];
    const columns = (
      await queryRows<{ name: string }>(
        tx,
        sql`select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = ${entry.table}
            order by ordinal_position`,
      )
    )
      .map((c) => c.name)
      .filter((c) => !omit.includes(c));
    const rows = await queryRows<{ rows: Record<string, unknown>[] | null }>(
      tx,
      sql`select jsonb_agg(to_jsonb(t) - ${`{${omit.join(",")}}`}::text[]) as rows
          from ${sql.identifier(entry.table)} t
          where t.${sql.identifier(entry.column)}::text = ${id}`,
    );
    const name = sectionName(entry.table, entry.column);
    sections.push(name);
    files.text(`${name}.json`, JSON.stringify(rows[0]?.rows ?? [], null, 2));
    files.text(`${name}.csv`, csvOf(columns, rows[0]?.rows ?? [], true));
    await files.drained();
  }
  return sections;
}

/** The next batch of the member's ledger entries after an entry id, USDT as decimal strings. */
async function ledgerBatch(tx: Tx, profileId: string, after: bigint): Promise<LedgerRow[]> {
  const batch = await queryRows<LedgerRow>(
    tx,
    sql`select e.id::text as "id", e.transaction_id as "transactionId", t.kind, t.memo,
          a.kind as "account", e.currency, e.amount::text as "amount",
          e.balance_after::text as "balanceAfter",
          e.counterparty_profile_id as "counterpartyProfileId",
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_transactions t on t.id = e.transaction_id
        where a.profile_id = ${profileId} and e.id > ${after.toString()}::bigint
        order by e.id limit ${LEDGER_BATCH}`,
  );
  for (const row of batch) {
    if (row.currency === "USDT") {
      row.amount = microToDecimalString(BigInt(row.amount));
      if (row.balanceAfter !== null) {
        row.balanceAfter = microToDecimalString(BigInt(row.balanceAfter));
      }
    }
  }
  return batch;
}

/** ledger_entries.json and .csv, written batch by batch as the reader keeps up. */
async function writeLedger(tx: Tx, files: ZipFiles, profile: ProfileRow): Promise<void> {
  const json = files.file("ledger_entries.json");
  const csv = files.file("ledger_entries.csv");
  json.push(Buffer.from("["));
  let after = 0n;
  let first = true;
  for (;;) {
    const batch = await ledgerBatch(tx, profile.id, after);
    if (batch.length > 0) {
      const body = batch.map((r) => JSON.stringify(r)).join(",\n");
      json.push(Buffer.from(`${first ? "\n" : ",\n"}${body}`));
    }
    csv.push(
      Buffer.from(csvOf(LEDGER_COLUMNS, batch as unknown as Record<string, unknown>[], first)),
    );
    first = false;
    await files.drained();
    const last = batch[batch.length - 1];
    if (!last || batch.length < LEDGER_BATCH) break;
    after = BigInt(last.id);
  }
  json.push(Buffer.from("\n]\n"), true);
  csv.push(new Uint8Array(0), true);
}

/**
 * "Download my data" (LGPD portability, ADR 026/030): a ZIP with one JSON and one CSV per
 * registry section and for the ledger, plus README.txt. Everything is read in one read-only
 * repeatable-read transaction (a consistent copy); the ledger is read 5,000 entries at a time and
 * compressed as it goes, so a member with 100,000 entries streams in seconds with little memory.
 */
export function exportMemberZip(db: Db, profile: ProfileRow, now: Date): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const file = (name: string) => {
    const entry = new ZipDeflate(name, { level: 1 });
    entry.mtime = now;
    zip.add(entry);
    return entry;
  };
  const files: ZipFiles = {
    file,
    text: (name, content) => file(name).push(Buffer.from(content, "utf8"), true),
    drained: async () => {
      if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
    },
  };

  (async () => {
    const sections: string[] = [];
    await db.transaction(async (tx) => {
      await queryRows(tx, sql`set transaction isolation level repeatable read, read only`);
      sections.push(...(await writeSections(tx, files, profile)));
      sections.push("ledger_entries");
      await writeLedger(tx, files, profile);
    });
    files.text("README.txt", readme(profile, now, sections));
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
