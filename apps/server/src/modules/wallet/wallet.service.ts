import {
  microToDecimalString,
  type TActivityEntry,
  type TActivityPage,
  type TActivityQuery,
  type TBalances,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { readBalances } from "../ledger/ledger.repository";
import { toBalancesDto } from "./wallet.dto";
import { activityOf } from "./wallet.repository";

export async function getBalances(db: Db, profileId: string): Promise<TBalances> {
  return toBalancesDto(await readBalances(db, profileId));
}

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

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) || /^[=+\-@]/.test(value)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

/** The whole filtered history as CSV (amounts as plain decimals: views, or USDT with 6 places). */
export async function activityCsv(
  db: Db,
  profileId: string,
  query: Omit<TActivityQuery, "cursor" | "limit">,
): Promise<string> {
  const lines = ["date,kind,currency,amount,balance_after,counterparty,transaction_id"];
  let before: number | undefined;
  for (;;) {
    const rows = await activityOf(db, profileId, {
      currency: query.currency,
      kind: query.kind,
      before,
      limit: 1000,
    });
    for (const r of rows) {
      const money = (v: bigint) => (r.currency === "USDT" ? microToDecimalString(v) : v.toString());
      lines.push(
        [
          r.createdAt.toISOString(),
          r.kind,
          r.currency,
          money(r.amount),
          money(r.balanceAfter ?? 0n),
          r.counterpartyUsername ?? "",
          r.transactionId,
        ]
          .map((v) => csvCell(String(v)))
          .join(","),
      );
    }
    if (rows.length < 1000) break;
    before = rows[rows.length - 1]?.id;
  }
  return `${lines.join("\n")}\n`;
}
