import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";

interface EntryJson {
  rank: number;
  profile_id: string;
  username: string;
  is_verified: boolean;
  earned_views: string;
  earned_usdt: string;
  referral_count: number;
}

export interface RankingRead {
  entries: EntryJson[] | null;
  me: EntryJson | null;
  summary: {
    members: number;
    views_in_circulation: string;
    usdt_volume: string;
    computed_at: string;
  } | null;
}

const ENTRY = sql`json_build_object('rank', e.rank, 'profile_id', e.profile_id, 'username', e.username,
  'is_verified', e.is_verified, 'earned_views', e.earned_views::text, 'earned_usdt', e.earned_usdt::text,
  'referral_count', e.referral_count)`;

/**
 * A page of the precomputed ranking (ranks after `offset`, `limit` of them, on the primary key),
 * the member's own row (unique index) and the summary row — in one statement.
 */
export function rankingPageSql(period: string, profileId: string, offset: number, limit: number) {
  return sql`select
      (select json_agg(${ENTRY} order by e.rank) from ranking_entries e
        where e.period = ${period} and e.rank > ${offset} and e.rank <= ${offset + limit}) as entries,
      (select ${ENTRY} from ranking_entries e where e.period = ${period} and e.profile_id = ${profileId}) as me,
      (select json_build_object('members', s.members, 'views_in_circulation', s.views_in_circulation::text,
          'usdt_volume', s.usdt_volume::text, 'computed_at', s.computed_at)
        from ranking_summary s where s.id = 1) as summary`;
}

export async function readRanking(
  db: DbOrTx,
  period: string,
  profileId: string,
  offset: number,
  limit: number,
): Promise<RankingRead> {
  const rows = await queryRows<RankingRead>(db, rankingPageSql(period, profileId, offset, limit));
  return rows[0] ?? { entries: null, me: null, summary: null };
}

/** Recomputes the ranking and its summary (vv_ranking_refresh); the number of rows written. */
export async function refreshRanking(db: DbOrTx, now: Date, kinds: readonly string[]) {
  const rows = await queryRows<{ rows: number }>(
    db,
    sql`select vv_ranking_refresh(${now.toISOString()}::timestamptz, ${`{${kinds.join(",")}}`}::text[]) as rows`,
  );
  return Number(rows[0]?.rows ?? 0);
}

/** Hides the member from the ranking (their rows go at once) or shows them again (next refresh). */
export async function setHiddenFromRanking(db: DbOrTx, profileId: string, hidden: boolean) {
  await db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`update profiles set hidden_from_ranking = ${hidden} where id = ${profileId} returning id`,
    );
    if (hidden) {
      await queryRows(
        tx,
        sql`delete from ranking_entries where profile_id = ${profileId} returning rank`,
      );
    }
  });
}
