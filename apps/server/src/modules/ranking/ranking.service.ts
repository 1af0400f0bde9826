import {
  RANKING,
  type TRankingEntry,
  type TRankingPage,
  type TRankingQuery,
} from "@viewvault/shared";
import type { Db, DbOrTx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { ProfileRow } from "../profiles/profiles.repository";
import { readRanking, refreshRanking, setHiddenFromRanking } from "./ranking.repository";

type EntryJson = NonNullable<Awaited<ReturnType<typeof readRanking>>["me"]>;

function toEntry(e: EntryJson): TRankingEntry {
  return {
    rank: e.rank,
    member: { id: e.profile_id, username: e.username, isVerified: e.is_verified },
    earnedViews: e.earned_views,
    earnedUsdt: e.earned_usdt,
    referralCount: e.referral_count,
  };
}

/** A page of the precomputed ranking with the member's own row and the summary (one query). */
export async function getRanking(
  db: DbOrTx,
  member: ProfileRow,
  query: TRankingQuery,
): Promise<TRankingPage> {
  const size = RANKING.pageSize;
  const read = await readRanking(db, query.period, member.id, (query.page - 1) * size, size + 1);
  const entries = (read.entries ?? []).map(toEntry);
  return {
    period: query.period,
    page: query.page,
    pageSize: size,
    hasMore: entries.length > size,
    entries: entries.slice(0, size),
    me: read.me ? toEntry(read.me) : null,
    hidden: member.hiddenFromRanking,
    summary: read.summary
      ? {
          members: read.summary.members,
          viewsInCirculation: read.summary.views_in_circulation,
          usdtVolume: read.summary.usdt_volume,
          computedAt: new Date(read.summary.computed_at).toISOString(),
        }
      : null,
  };
}

/** The ranking job: recompute every period and the summary from the ledger. */
export function recomputeRanking(db: Db, clock: Clock): Promise<number> {
  return refreshRanking(db, clock.now(), RANKING.earnedKinds);
}

/** Hides the member from the ranking (or shows them again); the answer echoes the choice. */
export async function setRankingVisibility(
  db: Db,
  profileId: string,
  hidden: boolean,
): Promise<{ hidden: boolean }> {
  await setHiddenFromRanking(db, profileId, hidden);
  return { hidden };
}
