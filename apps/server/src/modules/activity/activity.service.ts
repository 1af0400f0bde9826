import { once } from "node:events";
import type { Readable } from "node:stream";
import {
  microToDecimalString,
  type TActivityEntry,
  type TActivityPage,
  type TActivityQuery,
} from "@viewvault/shared";
import { stringify } from "csv-stringify";
import type { Db } from "../../db/client";
import { activityOf } from "./activity.repository";

type ActivityRow = Awaited<ReturnType<typeof activityOf>>[number];

function toEntry(row: ActivityRow): TActivityEntry {
  return {
    id: String(row.id),
    transactionId: row.transactionId,
    kind: row.kind,
    currency: row.currency,
    amount: row.amount.toString(),
    balanceAfter: (row.balanceAfter ?? 0n).toString(),
    counterparty: row.counterpartyId
      ? {
          id: row.counterpartyId,
          username: row.counterpartyUsername ?? "",
          isVerified: row.counterpartyVerified ?? false,
        }
      : null,
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
    account: row.account === "member_held" ? "held" : "available",
    clearsAt: row.clearsAt?.toISOString() ?? null,
    holdStatus: row.holdStatus ?? null,
  };
}

export async function getActivity(
  db: Db,
  profileId: string,
  query: TActivityQuery,
): Promise<TActivityPage> {
  const rows = await activityOf(db, profileId, {
    currency: query.currency,
    kind: query.kind,
    before: query.cursor ? Number(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]?.id) : null,
  };
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(value: string): string {
  return !NUMBER.test(value) && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The whole filtered history as CSV (amounts as plain decimals: views, or USDT with 6 places;
 * `balance` says whether the entry moved the available or the pending balance, `clears_at` when an
 * earning still on hold clears),
 * streamed a thousand entries at a time. csv-stringify quotes what needs quoting; a text cell a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) gets a
 * leading apostrophe, while amounts stay numbers (a negative amount is not a formula).
 */
export function activityCsv(
  db: Db,
  profileId: string,
  query: Omit<TActivityQuery, "cursor" | "limit">,
): Readable {
  const csv = stringify({
    header: true,
    columns: [
      "date",
      "kind",
      "currency",
      "amount",
      "balance_after",
      "counterparty",
      "transaction_id",
      "balance",
      "clears_at",
    ],
    cast: { string: neutraliseFormula },
  });
  (async () => {
    let before: number | undefined;
    for (;;) {
      const rows = await activityOf(db, profileId, {
        currency: query.currency,
        kind: query.kind,
        before,
        limit: 1000,
      });
      for (const r of rows) {
        const money = (v: bigint) =>
          r.currency === "USDT" ? microToDecimalString(v) : v.toString();
        const ok = csv.write([
          r.createdAt.toISOString(),
          r.kind,
          r.currency,
          money(r.amount),
          money(r.balanceAfter ?? 0n),
          r.counterpartyUsername ?? "",
          r.transactionId,
          // Which balance the entry moved: available, or pending (earnings on hold, ADR 047).
          r.account === "member_held" ? "pending" : "available",
          r.clearsAt && r.holdStatus === "HELD" ? r.clearsAt.toISOString() : "",
        ]);
        if (!ok) await once(csv, "drain");
      }
      if (rows.length < 1000) break;
      before = rows[rows.length - 1]?.id;
    }
    csv.end();
  })().catch((error: unknown) => csv.destroy(error as Error));
  return csv;
}
