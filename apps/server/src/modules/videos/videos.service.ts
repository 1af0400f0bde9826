import {
  ADD_VIDEO_MESSAGES,
  BOOST,
  COUNTRIES,
  canonicalYoutubeUrl,
  FEED_FILTER_ALL,
  parseYoutubeId,
  type TBoostResult,
  type TCreateVideoRequest,
  type TCreateVideoResult,
  type TFeedPage,
  type TFeedQuery,
  THEMES,
  type TVideo,
  type TVideoPreview,
  VIDEO,
  youtubeThumbnailUrl,
} from "@viewvault/shared";
import type { DbOrTx, Tx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { readBalances } from "../ledger/ledger.repository";
import { InsufficientFundsError, postTransaction } from "../ledger/ledger.service";
import type { ProfileRow } from "../profiles/profiles.repository";
import { toBalancesDto } from "../wallet/wallet.dto";
import type { OembedClient } from "./oembed";
import {
  boostedVideos,
  feedPage,
  findVideo,
  insertBoost,
  insertVideo,
  memberHasVideo,
  setBoostedUntil,
  type VideoRow,
} from "./videos.repository";

const BOOSTED_SHOWN = 50;
const CURSOR_RE = /^(\d{1,20})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function toVideoDto(row: VideoRow, now: Date): TVideo {
  return {
    id: row.id,
    ownerId: row.userId,
    ownerUsername: row.ownerUsername,
    title: row.title,
    youtubeUrl: row.youtubeUrl,
    youtubeId: row.youtubeId,
    country: row.country,
    theme: row.theme,
    thumbnailUrl: row.thumbnailUrl,
    watchedCount: row.watchedCount,
    boostedUntil:
      row.boostedUntil && row.boostedUntil > now ? row.boostedUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The boosted block changes only when someone boosts: it is read from the database at most
 * every few seconds per filter combination and process, and this process forgets it when one
 * of its members boosts. Rows are re-checked against `now` at every read.
 */
export class BoostedCache {
  private readonly entries = new Map<string, { rows: VideoRow[]; expires: number }>();
  constructor(private readonly ttlMs = 5_000) {}

  async get(db: DbOrTx, filter: { country?: string; theme?: string }, now: Date) {
    const key = `${filter.country ?? ""}|${filter.theme ?? ""}`;
    let entry = this.entries.get(key);
    if (!entry || entry.expires <= Date.now()) {
      const rows = await boostedVideos(db, { ...filter, now, limit: BOOSTED_SHOWN });
      entry = { rows, expires: Date.now() + this.ttlMs };
      this.entries.set(key, entry);
    }
    return entry.rows.filter((r) => r.boostedUntil !== null && r.boostedUntil > now);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The feed: active boosts on top of the first page, then newest first by keyset cursor. */
export async function getFeed(
  db: DbOrTx,
  clock: Clock,
  boostedCache: BoostedCache,
  query: TFeedQuery,
): Promise<TFeedPage> {
  const now = clock.now();
  const filter = {
    ...(query.country === FEED_FILTER_ALL ? {} : { country: query.country }),
    ...(query.theme === FEED_FILTER_ALL ? {} : { theme: query.theme }),
  };
  let after: { micros: string; id: string } | undefined;
  if (query.cursor) {
    const match = CURSOR_RE.exec(query.cursor);
    if (!match?.[1] || !match[2])
      throw new AppError("VALIDATION_FAILED", "Invalid cursor", {
        fields: [{ path: "querystring.cursor", message: "Invalid cursor" }],
      });
    after = { micros: match[1], id: match[2] };
  }
  const [boosted, rows] = await Promise.all([
    after ? Promise.resolve([]) : boostedCache.get(db, filter, now),
    feedPage(db, { ...filter, now, ...(after ? { after } : {}), limit: query.limit + 1 }),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    boosted: boosted.map((r) => toVideoDto(r, now)),
    videos: page.map((r) => toVideoDto(r, now)),
    nextCursor: rows.length > query.limit && last ? `${last.createdMicros}_${last.id}` : null,
    serverTime: now.toISOString(),
  };
}

export async function getVideo(db: DbOrTx, clock: Clock, id: string): Promise<TVideo> {
  const row = await findVideo(db, id);
  if (!row) throw new AppError("NOT_FOUND", "Video Not Found");
  return toVideoDto(row, clock.now());
}

/** Checks 1–3 of the seeds: URL given, a YouTube URL, a title from oEmbed. */
export async function previewVideo(oembed: OembedClient, url: string): Promise<TVideoPreview> {
  if (!url.trim()) throw new AppError("VALIDATION_FAILED", ADD_VIDEO_MESSAGES.urlRequired);
  const youtubeId = parseYoutubeId(url);
  if (!youtubeId) throw new AppError("INVALID_VIDEO_URL", ADD_VIDEO_MESSAGES.urlInvalid);
  const title = await oembed.title(youtubeId);
  if (!title) throw new AppError("VIDEO_TITLE_UNAVAILABLE", ADD_VIDEO_MESSAGES.titleMissing);
  return {
    youtubeId,
    youtubeUrl: canonicalYoutubeUrl(youtubeId),
    title,
    thumbnailUrl: youtubeThumbnailUrl(youtubeId),
  };
}

export interface VideoDraft extends TVideoPreview {
  country: string;
  theme: string;
}

/** Checks 1–5 of the seeds, in order, outside any transaction (the title is fetched). */
export async function prepareVideo(
  oembed: OembedClient,
  request: TCreateVideoRequest,
): Promise<VideoDraft> {
  const preview = await previewVideo(oembed, request.url);
  if (!(COUNTRIES as readonly string[]).includes(request.country))
    throw new AppError("VALIDATION_FAILED", ADD_VIDEO_MESSAGES.countryRequired, {
      fields: [{ path: "body.country", message: ADD_VIDEO_MESSAGES.countryRequired }],
    });
  if (!(THEMES as readonly string[]).includes(request.theme))
    throw new AppError("VALIDATION_FAILED", ADD_VIDEO_MESSAGES.themeRequired, {
      fields: [{ path: "body.theme", message: ADD_VIDEO_MESSAGES.themeRequired }],
    });
  return { ...preview, country: request.country, theme: request.theme };
}

/**
 * Lists a prepared video: refuses a YouTube video the member already listed, then charges the
 * posting cost (check 6) and inserts the video in the caller's transaction.
 */
export async function createVideo(
  tx: Tx,
  clock: Clock,
  member: Pick<ProfileRow, "id">,
  draft: VideoDraft,
): Promise<TCreateVideoResult> {
  if (await memberHasVideo(tx, member.id, draft.youtubeId))
    throw new AppError("VIDEO_ALREADY_LISTED");
  let posted: Awaited<ReturnType<typeof postTransaction>>;
  try {
    posted = await postTransaction(tx, {
      kind: "video_post",
      actorProfileId: member.id,
      memo: { youtubeId: draft.youtubeId },
      legs: [
        { account: { member: member.id, currency: "VIEWS" }, amount: -VIDEO.postCostViews },
        { account: { system: "rewards", currency: "VIEWS" }, amount: VIDEO.postCostViews },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw new AppError("INSUFFICIENT_BALANCE", ADD_VIDEO_MESSAGES.insufficientViews);
    throw error;
  }
  const now = clock.now();
  const id = await insertVideo(tx, {
    userId: member.id,
    title: draft.title,
    youtubeUrl: draft.youtubeUrl,
    youtubeId: draft.youtubeId,
    country: draft.country,
    theme: draft.theme,
    thumbnailUrl: draft.thumbnailUrl,
    ledgerTransactionId: posted.transactionId,
    createdAt: now,
  });
  if (!id) throw new AppError("VIDEO_ALREADY_LISTED");
  const row = await findVideo(tx, id);
  if (!row) throw new Error("inserted video not found");
  const balances = posted.balances.get(member.id) ?? (await readBalances(tx, member.id));
  return { video: toVideoDto(row, now), balances: toBalancesDto(balances) };
}

/**
 * Boosts a video for 24 hours for 100 views, owner only (ADR 006): a boost of a video whose boost
 * is still running extends it by 24 hours from its current end, so a video has one active boost
 * period at a time. The video row is locked, so concurrent boosts chain instead of overlapping.
 */
export async function boostVideo(
  tx: Tx,
  clock: Clock,
  member: Pick<ProfileRow, "id">,
  videoId: string,
): Promise<TBoostResult> {
  const video = await findVideo(tx, videoId, { forUpdate: true });
  if (!video) throw new AppError("NOT_FOUND", "Video Not Found");
  if (video.userId !== member.id)
    throw new AppError("FORBIDDEN", "Only the owner can boost this video");
  let posted: Awaited<ReturnType<typeof postTransaction>>;
  try {
    posted = await postTransaction(tx, {
      kind: "boost",
      actorProfileId: member.id,
      memo: { videoId },
      legs: [
        { account: { member: member.id, currency: "VIEWS" }, amount: -BOOST.costViews },
        { account: { system: "rewards", currency: "VIEWS" }, amount: BOOST.costViews },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw new AppError(
        "INSUFFICIENT_BALANCE",
        `You need at least ${BOOST.costViews} views to boost a video`,
      );
    throw error;
  }
  const now = clock.now();
  const extended = video.boostedUntil !== null && video.boostedUntil > now;
  const startsAt = extended && video.boostedUntil ? video.boostedUntil : now;
  const expiresAt = new Date(startsAt.getTime() + BOOST.hours * 3_600_000);
  await insertBoost(tx, {
    videoId,
    userId: member.id,
    startsAt,
    expiresAt,
    costViews: BOOST.costViews,
    ledgerTransactionId: posted.transactionId,
    createdAt: now,
  });
  await setBoostedUntil(tx, videoId, expiresAt);
  const balances = posted.balances.get(member.id) ?? (await readBalances(tx, member.id));
  return {
    video: toVideoDto({ ...video, boostedUntil: expiresAt }, now),
    boost: {
      startsAt: startsAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      costViews: BOOST.costViews.toString(),
      extended,
    },
    balances: toBalancesDto(balances),
  };
}
