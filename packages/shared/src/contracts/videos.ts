import { z } from "zod";
import { CAPTCHA_PROVIDERS, PLAYER_STATES, WATCH_STEPS } from "../attention";
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

/** How wide a feed card's thumbnail is shown: one column on a phone, up to four on a desktop. */
export const THUMBNAIL_SIZES =
  "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * The `srcset` of a YouTube thumbnail (320 px `mqdefault`, 480 px `hqdefault`, the sizes every
 * video has), or undefined for any other image address.
 */
export function youtubeThumbnailSrcset(url: string): string | undefined {
  const match = /^(https:\/\/i\.ytimg\.com\/vi\/[\w-]+\/)hqdefault\.jpg$/.exec(url);
  return match ? `${match[1]}mqdefault.jpg 320w, ${url} 480w` : undefined;
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
/** The feed's orders: newest first, or most watched first; both paged by keyset. */
export const FEED_SORTS = ["newest", "watched"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

/**
 * A filter's choices: "all" and the list. A call the bundler knows to be pure (a spread at a
 * module's top level is not), so that a page reading only this module's constants does not keep
 * ZFeedQuery, and zod with it, in its script (ADR 076).
 */
const withAll = <T extends readonly string[]>(list: T) => [FEED_FILTER_ALL, ...list] as const;

export const ZFeedQuery = z.object({
  country: z.enum(/* @__PURE__ */ withAll(COUNTRIES)).default(FEED_FILTER_ALL),
  theme: z.enum(/* @__PURE__ */ withAll(THEMES)).default(FEED_FILTER_ALL),
  sort: z.enum(FEED_SORTS).default("newest"),
  /**
   * Opaque keyset cursor from the previous page's nextCursor, for the same sort
   * (`<micros>_<uuid>` newest first, `w<watched count>_<uuid>` most watched first, each followed
   * by `~<ms>`: when the paging began).
   */
  cursor: z
    .string()
    .max(96)
    .regex(/^[\w~-]+$/)
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
    /** Milliseconds of each step the server's heartbeat evidence attested (ADR 046). */
    adAttestedMs: z.number().int(),
    contentAttestedMs: z.number().int(),
    /** The session's last accepted heartbeat seq: the page continues above it after a reload. */
    heartbeatSeq: z.number().int(),
    /** The proof-of-work challenge the page solves while the content plays (CONTENT only). */
    challenge: z
      .object({
        algorithm: z.string(),
        challenge: z.string(),
        maxnumber: z.number().int(),
        salt: z.string(),
        signature: z.string(),
      })
      .nullable(),
    /**
     * The human check the completion also needs (CONTENT only; a high-risk member on a deployment
     * that configured hCaptcha or Turnstile, ADR 046): the page shows its widget. Null otherwise.
     */
    captcha: z
      .object({ provider: z.enum(CAPTCHA_PROVIDERS), siteKey: z.string(), scriptUrl: z.string() })
      .nullable(),
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

/** One heartbeat of the page while the advertisement or the content is shown (ADR 046). */
export const ZWatchHeartbeat = z
  .object({
    step: z.enum(WATCH_STEPS),
    /** Strictly increasing within a session; a repeat or an older one is refused. */
    seq: z.number().int().min(1).max(1_000_000),
    playerState: z.enum(PLAYER_STATES),
    positionSeconds: z.number().min(0).max(86_400),
    visible: z.boolean(),
    focused: z.boolean(),
    visibleRatio: z.number().min(0).max(1),
    playerWidth: z.number().min(0).max(100_000),
    playerHeight: z.number().min(0).max(100_000),
  })
  .strict()
  .meta({ id: "WatchHeartbeat" });
export type TWatchHeartbeat = z.infer<typeof ZWatchHeartbeat>;

export const ZWatchHeartbeatResult = z
  .object({
    seq: z.number().int(),
    /** Whether this heartbeat's page qualified (the next one can then count the time between). */
    qualifying: z.boolean(),
    adAttestedMs: z.number().int(),
    contentAttestedMs: z.number().int(),
  })
  .meta({ id: "WatchHeartbeatResult" });
export type TWatchHeartbeatResult = z.infer<typeof ZWatchHeartbeatResult>;

/**
 * Completing a session: the solved proof-of-work challenge (altcha's base64 payload), and the
 * human check's token when the session asked for one (`captcha`).
 */
export const ZWatchComplete = z
  .object({
    solution: z.string().min(1).max(2_000),
    captchaToken: z.string().min(1).max(8_192).optional(),
  })
  .strict()
  .meta({ id: "WatchComplete" });
export type TWatchComplete = z.infer<typeof ZWatchComplete>;

/** A report a member makes from a feed card ("report this video"), with no player error. */
export const FEED_REPORT_CODE = 1;

/**
 * YouTube IFrame Player error codes that mean the video cannot play here; 0: the API did not
 * load; FEED_REPORT_CODE: reported by hand from the feed.
 */
export const UNPLAYABLE_ERROR_CODES = [0, FEED_REPORT_CODE, 2, 5, 100, 101, 150, 153] as const;

/**
 * What the feed knows of the signed-in member: today's credited watch sessions
 * against the daily cap (UTC day), and the videos that credited them within the rewatch window
 * (VIDEO.rewatchWindowHours), with when each can pay again.
 */
export const ZWatchToday = z
  .object({
    day: z.iso.date(),
    credited: z.number().int(),
    cap: z.number().int(),
    earned: z.array(
      z.object({ videoId: z.uuid(), earnedAt: z.iso.datetime(), againAt: z.iso.datetime() }),
    ),
    /** The videos the member reported unplayable: they cannot pay the member (no ad is offered). */
    unplayable: z.array(z.uuid()),
  })
  .meta({ id: "WatchToday" });
export type TWatchToday = z.infer<typeof ZWatchToday>;

export const ZUnplayableReport = z
  .object({
    errorCode: z
      .number()
      .int()
      .refine((c) => (UNPLAYABLE_ERROR_CODES as readonly number[]).includes(c)),
  })
  .strict()
  .meta({ id: "UnplayableReport" });
export type TUnplayableReport = z.infer<typeof ZUnplayableReport>;

export const ZUnplayableReportResult = z
  .object({
    /** Whether this report took the video out of the feed (the last of ATTENTION's threshold). */
    hidden: z.boolean(),
  })
  .meta({ id: "UnplayableReportResult" });
export type TUnplayableReportResult = z.infer<typeof ZUnplayableReportResult>;

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
    /** Script URL of the YouTube IFrame Player API (a local stand-in in tests). */
    youtubeIframeApiUrl: z.string(),
  })
  .meta({ id: "PublicConfig" });
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
