import { z } from "zod";
import { COUNTRIES, THEMES } from "../constants";
import { ZBalances, ZMinorUnits } from "./money";

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

/**
 * The canonical 11-character id of a YouTube video from any of its URL forms: watch?v=,
 * youtu.be/<id>, /shorts/<id>, /embed/<id> (also youtube-nocookie), /live/<id>; null otherwise.
 */
export function parseYoutubeId(input: string): string | null {
  const raw = input.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined = null;
  if (host === "youtu.be" || host === "www.youtu.be") {
    candidate = url.pathname.split("/")[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "watch") candidate = url.searchParams.get("v");
    else if (parts[0] === "shorts" || parts[0] === "embed" || parts[0] === "live")
      candidate = parts[1];
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

export function canonicalYoutubeUrl(youtubeId: string): string {
  return `https://www.youtube.com/watch?v=${youtubeId}`;
}

export function youtubeThumbnailUrl(youtubeId: string): string {
  return `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`;
}

export function youtubeEmbedUrl(youtubeId: string, origin?: string): string {
  const params = new URLSearchParams({ enablejsapi: "1", rel: "0", playsinline: "1" });
  if (origin) params.set("origin", origin);
  return `https://www.youtube-nocookie.com/embed/${youtubeId}?${params}`;
}

/** Strings, not enums: the server answers the seeds' messages in the seeds' order. */
export const ZCreateVideoRequest = z
  .object({
    url: z.string().max(500),
    country: z.string().max(16),
    theme: z.string().max(32),
  })
  .meta({ id: "CreateVideoRequest" });
export type TCreateVideoRequest = z.infer<typeof ZCreateVideoRequest>;

export const ZVideoPreviewQuery = z.object({ url: z.string().max(500) });

export const ZVideoPreview = z
  .object({
    youtubeId: z.string(),
    youtubeUrl: z.string(),
    title: z.string(),
    thumbnailUrl: z.string(),
  })
  .meta({ id: "VideoPreview" });
export type TVideoPreview = z.infer<typeof ZVideoPreview>;

export const ZVideo = z
  .object({
    id: z.uuid(),
    ownerId: z.uuid(),
    ownerUsername: z.string(),
    title: z.string(),
    youtubeUrl: z.string(),
    youtubeId: z.string(),
    country: z.string(),
    theme: z.string(),
    thumbnailUrl: z.string(),
    watchedCount: z.number().int(),
    /** End of the active boost, or null. */
    boostedUntil: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Video" });
export type TVideo = z.infer<typeof ZVideo>;

export const FEED_FILTER_ALL = "ALL";
export const FEED_PAGE_SIZE = 24;

export const ZFeedQuery = z.object({
  country: z.enum([FEED_FILTER_ALL, ...COUNTRIES]).default(FEED_FILTER_ALL),
  theme: z.enum([FEED_FILTER_ALL, ...THEMES]).default(FEED_FILTER_ALL),
  /** Opaque keyset cursor from the previous page's nextCursor (`<micros>_<uuid>`, 53 characters). */
  cursor: z
    .string()
    .max(64)
    .regex(/^[\w-]+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(60).default(FEED_PAGE_SIZE),
});
export type TFeedQuery = z.infer<typeof ZFeedQuery>;

export const ZFeedPage = z
  .object({
    /** Videos with an active boost (first page only), longest boost first. */
    boosted: z.array(ZVideo),
    /** Newest first; boosted videos are left out here while their boost lasts. */
    videos: z.array(ZVideo),
    nextCursor: z.string().nullable(),
    /** The server's clock, so badges count the time left from the same instant. */
    serverTime: z.iso.datetime(),
  })
  .meta({ id: "FeedPage" });
export type TFeedPage = z.infer<typeof ZFeedPage>;

export const ZCreateVideoResult = z
  .object({ video: ZVideo, balances: ZBalances })
  .meta({ id: "CreateVideoResult" });
export type TCreateVideoResult = z.infer<typeof ZCreateVideoResult>;

export const ZBoostResult = z
  .object({
    video: ZVideo,
    boost: z.object({
      startsAt: z.iso.datetime(),
      expiresAt: z.iso.datetime(),
      costViews: ZMinorUnits,
      extended: z.boolean(),
    }),
    balances: ZBalances,
  })
  .meta({ id: "BoostResult" });
export type TBoostResult = z.infer<typeof ZBoostResult>;

export const WATCH_SESSION_STATUSES = ["AD", "CONTENT", "COMPLETED", "ABANDONED"] as const;

/**
 * A watch session as the server times it: when its advertisement and content started, how long
 * each must run, and the server's clock at the answer (the page counts from these with the
 * offset to its own clock). Answered by starting a session, starting its content, and
 * GET /api/videos/:id/sessions/current (the open session, to continue after a reload).
 */
export const ZWatchSession = z
  .object({
    id: z.uuid(),
    videoId: z.uuid(),
    status: z.enum(WATCH_SESSION_STATUSES),
    adStartedAt: z.iso.datetime(),
    contentStartedAt: z.iso.datetime().nullable(),
    contentCompletedAt: z.iso.datetime().nullable(),
    credited: z.boolean(),
    adSeconds: z.number().int(),
    contentSeconds: z.number().int(),
    serverTime: z.iso.datetime(),
  })
  .meta({ id: "WatchSession" });
export type TWatchSession = z.infer<typeof ZWatchSession>;

export const ZWatchCompleteResult = z
  .object({
    session: ZWatchSession,
    rewardViews: ZMinorUnits,
    balances: ZBalances,
  })
  .meta({ id: "WatchCompleteResult" });
export type TWatchCompleteResult = z.infer<typeof ZWatchCompleteResult>;

export const ZViewRequest = z
  .object({
    id: z.uuid(),
    status: z.enum(["PENDING", "MATCHED", "CANCELLED"]),
    dailyCount: z.number().int(),
    matchedWith: z.object({ id: z.uuid(), username: z.string() }).nullable(),
    matchedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "ViewRequest" });
export type TViewRequest = z.infer<typeof ZViewRequest>;

export const ZViewRequestList = z
  .object({
    requests: z.array(ZViewRequest),
    todayCount: z.number().int(),
    dailyLimit: z.number().int(),
  })
  .meta({ id: "ViewRequestList" });
export type TViewRequestList = z.infer<typeof ZViewRequestList>;

export const ZCreateViewRequestResult = z
  .object({ request: ZViewRequest, matched: z.boolean(), balances: ZBalances })
  .meta({ id: "CreateViewRequestResult" });
export type TCreateViewRequestResult = z.infer<typeof ZCreateViewRequestResult>;

export const ZPublicConfig = z
  .object({
    /** Script URL of the configured ad network, or null for the house ad. */
    adNetworkTag: z.string().nullable(),
  })
  .meta({ id: "PublicConfig" });
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
