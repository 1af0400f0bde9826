import { inlineKey, THUMBNAIL_SIZES, youtubeThumbnailSrcset } from "@viewvault/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The first page of data a member page needs, inlined into its document (ADR 065): the web app
 * answers its first reads of these URLs from the document instead of the network, so a page
 * waits for its script only, not for script → session → data.
 *
 * Every member page gets who is signed in and their balances (the top bar shows them); the pages
 * below get what they show first. The URLs are exactly what the web app requests (its api-client
 * builds them), query parameters in name order (see `inlineKey`).
 */
const EVERY_MEMBER_PAGE = [
  "/api/auth/get-session",
  "/api/me",
  "/api/balances",
  "/api/notifications/unread",
];
const PAGE_READS: Array<[RegExp, (match: RegExpExecArray) => string[]]> = [
  [
    /^\/dashboard$/,
    () => [
      "/api/box",
      "/api/box/openings?limit=5",
      "/api/events",
      "/api/rewards",
      "/api/me/enforcement",
    ],
  ],
  [/^\/feed$/, () => ["/api/videos?country=ALL&sort=newest&theme=ALL", "/api/watch/today"]],
  [/^\/watch\/([0-9a-f-]{36})$/, (m) => [`/api/videos/${m[1]}`]],
  [/^\/withdraw$/, () => ["/api/withdrawals", "/api/me/enforcement"]],
  [/^\/marketplace$/, () => ["/api/marketplace/offers?page=1&sort=price_asc"]],
];

/** Whether this page path has first reads of its own (the pages the server renders, ADR 084). */
export function hasOwnFirstReads(url: string): boolean {
  const [pathname = "/", search] = url.split("?", 2);
  return !search && PAGE_READS.some(([pattern]) => pattern.test(pathname));
}

/** The reads inlined for this page path (a page with a query string gets the common ones only). */
export function pageReads(url: string): string[] {
  const [pathname = "/", search] = url.split("?", 2);
  const own = search
    ? []
    : PAGE_READS.flatMap(([pattern, reads]) => {
        const match = pattern.exec(pathname);
        return match ? reads(match) : [];
      });
  return [...EVERY_MEMBER_PAGE, ...own];
}

/** The session cookie of Better Auth (plain or `__Secure-` prefixed). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/;

export type PageData = {
  /** Whether the reads are a member's (the document is then private). */
  personal: boolean;
  /** Inlined answers by `inlineKey`. */
  reads: Record<string, unknown>;
  /** The first thumbnails the page shows (the feed's first row), for a preload. */
  thumbnails: string[];
  /** The session read's Set-Cookie (a session Better Auth extended), passed on to the browser. */
  setCookies?: string[];
};

/** A visitor's document: nobody is signed in, so the session's read answers null at once. */
const SIGNED_OUT: PageData = {
  personal: false,
  reads: { "/api/auth/get-session": null },
  thumbnails: [],
};

/**
 * Reads the page's data as the requesting member (their own cookie, through the API's own routes,
 * so every check applies). Without a valid session: only "nobody is signed in". Only 200 answers
 * are inlined.
 */
export async function readPageData(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<PageData> {
  const cookie = request.headers.cookie;
  if (!cookie || !SESSION_COOKIE.test(cookie)) return SIGNED_OUT;
  const headers: Record<string, string> = { cookie, accept: "application/json" };
  for (const name of ["user-agent", "accept-language"] as const) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const setCookies: string[] = [];
  const read = async (url: string) => {
    const answer = await app.inject({ method: "GET", url, headers, remoteAddress: request.ip });
    if (url === "/api/auth/get-session") {
      setCookies.push(...([] as string[]).concat(answer.headers["set-cookie"] ?? []));
    }
    if (answer.statusCode !== 200) return undefined;
    try {
      return answer.json() as unknown;
    } catch {
      return undefined;
    }
  };
  const [first, ...rest] = pageReads(request.url);
  const session = (await read(first ?? "")) as { user?: unknown } | null | undefined;
  if (!session?.user) return { ...SIGNED_OUT, setCookies };
  const reads: Record<string, unknown> = { [inlineKey(first ?? "")]: session };
  const answers = await Promise.all(rest.map(read));
  rest.forEach((url, i) => {
    if (answers[i] !== undefined) reads[inlineKey(url)] = answers[i];
  });
  return { personal: true, reads, thumbnails: firstThumbnails(reads), setCookies };
}

/** The feed's first row on a phone (one column): the first two cards' thumbnails. */
function firstThumbnails(reads: Record<string, unknown>): string[] {
  const feed = Object.entries(reads).find(([key]) => key.startsWith("/api/videos?"))?.[1] as
    | { boosted?: Array<{ thumbnailUrl?: unknown }>; videos?: Array<{ thumbnailUrl?: unknown }> }
    | undefined;
  if (!feed) return [];
  return [...(feed.boosted ?? []), ...(feed.videos ?? [])]
    .map((video) => video.thumbnailUrl)
    .filter((src): src is string => typeof src === "string" && src.startsWith("https://"))
    .slice(0, 2);
}

const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/**
 * The document with the member's data: a JSON block (not a script that runs, so the CSP's
 * hashes stay those of index.html) with `<` escaped, so no value can close it; and, on the feed,
 * a high-priority preload of the first thumbnails.
 */
export function withPageData(indexHtml: string, data: PageData): string {
  const json = JSON.stringify(data.reads)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
  const preloads = [
    ...(data.thumbnails.length ? ['<link rel="preconnect" href="https://i.ytimg.com" />'] : []),
    // The same candidates as the card's <img srcset sizes>, so the browser reuses the answer.
    ...data.thumbnails.map((src) => {
      const srcset = youtubeThumbnailSrcset(src);
      const set = srcset
        ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${THUMBNAIL_SIZES}"`
        : "";
      return `<link rel="preload" as="image" href="${escapeAttribute(src)}"${set} fetchpriority="high" referrerpolicy="no-referrer" />`;
    }),
  ].join("");
  return indexHtml
    .replace("</head>", () => `${preloads}</head>`)
    .replace(
      '<div id="root">',
      () => `<script type="application/json" id="vv-data">${json}</script><div id="root">`,
    );
}
