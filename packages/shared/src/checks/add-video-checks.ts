import { COUNTRIES, THEMES, VIDEO } from "../constants";
import { parseYoutubeId } from "../contracts/videos";
import type { Problem } from "../errors";

/** Checks 1 and 2 of the seeds: a URL, and one of YouTube's (watch?v=, youtu.be, shorts …). */
export function videoUrlProblem(url: string): Problem | null {
  if (!url.trim()) return { code: "VIDEO_URL_REQUIRED", field: "url" };
  if (!parseYoutubeId(url)) return { code: "INVALID_VIDEO_URL", field: "url" };
  return null;
}

/**
 * The seeds' six add-video checks, in the seeds' order: a URL, a YouTube URL, a title from
 * the oEmbed lookup (`title` undefined means not asked yet and counts as missing), a country,
 * a theme, and at least the posting cost in views (skipped when `balance` is unknown; the
 * ledger refuses it atomically on the server).
 */
export function addVideoProblem(
  input: { url: string; country: string; theme: string },
  context: { title: string | null | undefined; balance: bigint | null | undefined },
): Problem | null {
  const urlProblem = videoUrlProblem(input.url);
  if (urlProblem) return urlProblem;
  if (!context.title) return { code: "VIDEO_TITLE_UNAVAILABLE", field: "url" };
  if (!(COUNTRIES as readonly string[]).includes(input.country))
    return { code: "COUNTRY_REQUIRED", field: "country" };
  if (!(THEMES as readonly string[]).includes(input.theme))
    return { code: "THEME_REQUIRED", field: "theme" };
  if (context.balance !== undefined && context.balance !== null) {
    if (context.balance < VIDEO.postCostViews) return insufficientForVideo();
  }
  return null;
}

export function insufficientForVideo(): Problem {
  return {
    code: "INSUFFICIENT_BALANCE",
    field: "url",
    params: { context: "video", cost: VIDEO.postCostViews.toString() },
  };
}
