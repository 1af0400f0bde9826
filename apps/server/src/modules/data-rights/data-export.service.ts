import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import type { ProfileRow } from "../profiles/profiles.repository";
import { MEMBER_DATA } from "./member-data.registry";

export interface MemberExport {
  exportedAt: string;
  profileId: string;
  /** Per "table.column" of the registry: the member's rows, secrets left out. */
  tables: Record<string, unknown[]>;
  /** Every entry on the member's ledger accounts, with its transaction's kind and memo. */
  ledgerEntries: unknown[];
}

/**
 * "Download my data" (LGPD portability): every row the registry says is the member's, in one
 * read-only transaction so the copy is consistent. Each table is one query (jsonb_agg).
 */
export async function exportMemberData(
  db: DbOrTx,
  profile: ProfileRow,
  now: Date,
): Promise<MemberExport> {
  return db.transaction(async (tx) => {
    await queryRows(tx, sql`set transaction isolation level repeatable read, read only`);
    const tables: Record<string, unknown[]> = {};
    for (const entry of MEMBER_DATA) {
      if (!entry.export) continue;
      const id = entry.key === "profile" ? profile.id : profile.authUid;
      const omit = `{${(entry.omit ?? []).join(",")}}`;
      const rows = await queryRows<{ rows: unknown[] | null }>(
        tx,
        sql`select jsonb_agg(to_jsonb(t) - ${omit}::text[]) as rows from ${sql.identifier(entry.table)} t
            where t.${sql.identifier(entry.column)}::text = ${id}`,
      );
      tables[`${entry.table}.${entry.column}`] = rows[0]?.rows ?? [];
    }
    const ledger = await queryRows<{ rows: unknown[] | null }>(
      tx,
      sql`select jsonb_agg(jsonb_build_object('id', e.id, 'transactionId', e.transaction_id,
            'kind', t.kind, 'memo', t.memo, 'account', a.kind, 'currency', e.currency,
            'amount', e.amount::text, 'balanceAfter', e.balance_after::text,
            'counterpartyProfileId', e.counterparty_profile_id, 'createdAt', e.created_at) order by e.id) as rows
          from ledger_accounts a
          join ledger_entries e on e.account_id = a.id
          join ledger_transactions t on t.id = e.transaction_id
          where a.profile_id = ${profile.id}`,
    );
    return {
      exportedAt: now.toISOString(),
      profileId: profile.id,
      tables,
      ledgerEntries: ledger[0]?.rows ?? [],
    };
  });
}
