import { sql } from "drizzle-orm";
import { type DbOrTx, prepared, queryRows, runPrepared } from "../../db/client";
import { callSql, functionCall } from "../../db/function-call";

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

const ENTRY = `json_build_object('rank', e.rank, 'profile_id', e.profile_id, 'username', e.username,
  'is_verified', e.is_verified, 'earned_views', e.earned_views::text, 'earned_usdt', e.earned_usdt::text,
  'referral_count', e.referral_count)`;

/**
 * A page of the precomputed ranking (ranks $3 < rank <= $4 of period $1, on the primary key), the
 * member's own row ($2, unique index) and the summary row — in one statement.
 */
const RANKING_PAGE_TEXT = `select
      (select json_agg(${ENTRY} order by e.rank) from ranking_entries e
        where e.period = $1 and e.rank > $3 and e.rank <= $4) as entries,
      (select ${ENTRY} from ranking_entries e where e.period = $1 and e.profile_id = $2::uuid) as me,
      (select json_build_object('members', s.members, 'views_in_circulation', s.views_in_circulation::text,
          'usdt_volume', s.usdt_volume::text, 'computed_at', s.computed_at)
        from ranking_summary s where s.id = 1) as summary`;

/**
 * The page as a prepared statement: every value is a parameter and each part reads by a key, so
 * the connection's plan cache keeps one plan instead of planning three subqueries at every call
 * (ADR 040).
 */
const RANKING_PAGE = prepared(RANKING_PAGE_TEXT);

/** The page's statement with its values bound, as the bench's EXPLAIN wants it. */
export function rankingPageSql(period: string, profileId: string, offset: number, limit: number) {
  const values = [period, profileId, offset, offset + limit];
  return sql.join(
    RANKING_PAGE_TEXT.split(/\$(\d)/).map((part, i) =>
      i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`,
    ),
  );
}

export async function readRanking(
  db: DbOrTx,
  period: string,
  profileId: string,
  offset: number,
  limit: number,
): Promise<RankingRead> {
  const rows = await runPrepared<RankingRead>(db, RANKING_PAGE, [
    period,
    profileId,
    offset,
    offset + limit,
  ]);
  return rows[0] ?? { entries: null, me: null, summary: null };
}

const REFRESH = functionCall(
  "vv_ranking_refresh",
  { p_now: "timestamptz", p_kinds: "text[]" },
  "integer",
);

/** Recomputes the ranking and its summary (vv_ranking_refresh); the number of rows written. */
export async function refreshRanking(db: DbOrTx, now: Date, kinds: readonly string[]) {
  const rows = await queryRows<{ outcome: number }>(
    db,
    callSql(REFRESH, { now, kinds: [...kinds] }),
  );
  return Number(rows[0]?.outcome ?? 0);
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
