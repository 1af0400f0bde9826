import {
  addVideoProblem,
  BOOST,
  canonicalYoutubeUrl,
  insufficientForVideo,
  parseYoutubeId,
  type TBalances,
  type TBoostResult,
  type TCreateVideoRequest,
  type TCreateVideoResult,
  type TVideo,
  type TVideoPreview,
  VIDEO,
  videoUrlProblem,
  youtubeThumbnailUrl,
} from "@viewvault/shared";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Idempotency } from "../idempotency/idempotency";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import type { ProfileRow } from "../profiles/profiles.repository";
import type { OembedClient } from "./oembed";
import { findVideo, type VideoRow } from "./videos.repository";

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

export async function getVideo(db: DbOrTx, clock: Clock, id: string): Promise<TVideo> {
  const row = await findVideo(db, id);
  if (!row) throw new AppError("NOT_FOUND", { context: "video" });
  return toVideoDto(row, clock.now());
}

/**
 * Checks 1–3 of the seeds' add-video sequence (the shared one the form runs): a URL, a YouTube
 * URL, then the title fetched from oEmbed.
 */
export async function previewVideo(oembed: OembedClient, url: string): Promise<TVideoPreview> {
  const urlProblem = videoUrlProblem(url);
  if (urlProblem) throw AppError.from(urlProblem);
  const youtubeId = parseYoutubeId(url) as string;
  const title = await oembed.title(youtubeId);
  if (!title) throw new AppError("VIDEO_TITLE_UNAVAILABLE", undefined, { field: "url" });
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

/**
 * Checks 1–5 of the seeds, in order, outside any transaction (the title is fetched); the sixth,
 * the balance, is the ledger's when the video is posted.
 */
export async function prepareVideo(
  oembed: OembedClient,
  request: TCreateVideoRequest,
): Promise<VideoDraft> {
  const preview = await previewVideo(oembed, request.url);
  const problem = addVideoProblem(request, { title: preview.title, balance: null });
  if (problem) throw AppError.from(problem);
  return { ...preview, country: request.country, theme: request.theme };
}

const POST_VIDEO_COMMAND = command("vv_post_video", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_youtube_id: "text",
  p_title: "text",
  p_url: "text",
  p_country: "text",
  p_theme: "text",
  p_thumbnail: "text",
  p_now: "timestamptz",
  p_cost: "bigint",
});
const BOOST_COMMAND = command("vv_boost", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_video: "uuid",
  p_now: "timestamptz",
  p_cost: "bigint",
  p_hours: "int",
});

/** A video row as the money commands answer it (to_jsonb of the row). */
interface VideoJson {
  id: string;
  user_id: string;
  title: string;
  youtube_url: string;
  youtube_id: string;
  country: string;
  theme: string;
  thumbnail_url: string;
  watched_count: number;
  boosted_until: string | null;
  created_at: string;
}

function fromJson(v: VideoJson, ownerUsername: string): VideoRow {
  return {
    id: v.id,
    userId: v.user_id,
    ownerUsername,
    title: v.title,
    youtubeUrl: v.youtube_url,
    youtubeId: v.youtube_id,
    country: v.country,
    theme: v.theme,
    thumbnailUrl: v.thumbnail_url,
    watchedCount: Number(v.watched_count),
    boostedUntil: v.boosted_until ? new Date(v.boosted_until) : null,
    createdAt: new Date(v.created_at),
    createdMicros: "",
  };
}

/**
 * Posts a video: the seeds' checks 1–5 with the title fetched from oEmbed before anything is
 * held, then the posting command.
 */
export interface PostVideoOptions {
  money: Money;
  clock: Clock;
  oembed: OembedClient;
  member: Pick<ProfileRow, "id" | "username">;
  request: TCreateVideoRequest;
  idem: Idempotency;
}

export async function postVideo(
  options: PostVideoOptions,
): Promise<CommandOutcome<TCreateVideoResult>> {
  const { money, clock, oembed, member, request, idem } = options;
  return createVideo(money, clock, member, await prepareVideo(oembed, request), idem);
}

/**
 * Lists a prepared video through the posting command (vv_post_video, db/functions/videos.sql):
 * refuses a YouTube video the member already listed, charges the posting cost (check 6) and inserts
 * the video, in one statement.
 */
export async function createVideo(
  money: Money,
  clock: Clock,
  member: Pick<ProfileRow, "id" | "username">,
  draft: VideoDraft,
  idem: Idempotency,
): Promise<CommandOutcome<TCreateVideoResult>> {
  const now = clock.now();
  const outcome = await POST_VIDEO_COMMAND.run<{ video: VideoJson; balances: TBalances }>(
    money,
    {
      member: member.id,
      ...idem,
      youtubeId: draft.youtubeId,
      title: draft.title,
      url: draft.youtubeUrl,
      country: draft.country,
      theme: draft.theme,
      thumbnail: draft.thumbnailUrl,
      now,
      cost: VIDEO.postCostViews,
    },
    { insufficient: insufficientForVideo() },
  );
  const { video, balances } = outcome.result;
  return {
    ...outcome,
    result: { video: toVideoDto(fromJson(video, member.username), now), balances },
  };
}

/**
 * Boosts a video for 24 hours for 100 views, owner only (ADR 006), through the boost command
 * (vv_boost, db/functions/videos.sql): a boost of a video whose boost is still running extends it
 * by 24 hours from its current end; the video row is locked, so concurrent boosts chain.
 */
export async function boostVideo(
  money: Money,
  clock: Clock,
  member: Pick<ProfileRow, "id" | "username">,
  videoId: string,
  idem: Idempotency,
): Promise<CommandOutcome<TBoostResult>> {
  const now = clock.now();
  const outcome = await BOOST_COMMAND.run<{
    video: VideoJson;
    boost: { startsAt: string; expiresAt: string; costViews: string; extended: boolean };
    balances: TBalances;
  }>(
    money,
    {
      member: member.id,
      ...idem,
      video: videoId,
      now,
      cost: BOOST.costViews,
      hours: BOOST.hours,
    },
    {
      insufficient: {
        code: "INSUFFICIENT_BALANCE",
        params: { context: "boost", cost: BOOST.costViews.toString() },
      },
    },
  );
  const { video, boost, balances } = outcome.result;
  return {
    ...outcome,
    result: {
      video: toVideoDto(fromJson(video, member.username), now),
      boost: {
        ...boost,
        startsAt: new Date(boost.startsAt).toISOString(),
        expiresAt: new Date(boost.expiresAt).toISOString(),
      },
      balances,
    },
  };
}
