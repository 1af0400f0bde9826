import type { Locale } from "./constants";
import { USERNAME_RULES } from "./constants";
import { DOCUMENT_SLUGS, type DocumentSlug } from "./contracts/documents";

/** Short links to documents; the web app redirects them to the document's page. */
export const DOCUMENT_ALIASES = {
  terms: "terms-of-use",
  privacy: "privacy-policy",
  cookies: "cookie-policy",
  about: "about-us",
} as const satisfies Record<string, DocumentSlug>;

/**
 * Every page path of the web app in React Router syntax, besides "/" (the landing page), the
 * documents, their aliases and the profile pages ("/@username" or "/username"). The web
 * router's test keeps this list and the router in step; the server answers 404 for the rest.
 */
export const APP_PAGES = [
  "auth",
  "auth/reset-password",
  "dev/mailbox",
  "feed",
  "add-video",
  "dashboard",
  "settings",
  "watch/:id",
  "swap",
  "transfer",
  "withdraw",
  "support",
  "activity",
  "referrals",
  "fairness",
  "reserves",
  "admin",
  "admin/members/:id",
  "admin/fraud",
  "admin/fraud/members/:id",
  "events",
  "marketplace",
  "ranking",
  "notifications",
] as const;

/**
 * The username in a profile path or a ?ref= value ("@alice" or "alice"), or null when it
 * cannot be a username (then /:handle is an ordinary unknown page).
 */
export function parseHandle(handle: string | null | undefined): string | null {
  if (!handle) return null;
  const name = handle.startsWith("@") ? handle.slice(1) : handle;
  if (name.length < USERNAME_RULES.min || name.length > USERNAME_RULES.max) return null;
  return USERNAME_RULES.pattern.test(name) ? name : null;
}

/** The member a profile path asks for; `possible` is false when no username can look like it. */
export interface ProfileHandle {
  username: string;
  possible: boolean;
}

/**
 * The member a "/:handle" path asks for. "@anything" is always a profile lookup — a name that
 * cannot be a username (hyphens, too long …) is a member that does not exist; a bare "name" only
 * when it can be a username (otherwise the path is an ordinary unknown page). Null for "@" alone.
 */
export function profileHandle(handle: string | null | undefined): ProfileHandle | null {
  if (!handle) return null;
  if (handle.startsWith("@")) {
    const username = handle.slice(1);
    return username ? { username, possible: parseHandle(handle) !== null } : null;
  }
  const username = parseHandle(handle);
  return username ? { username, possible: true } : null;
}

const STATIC_PATHS: readonly string[] = [
  ...APP_PAGES,
  ...DOCUMENT_SLUGS,
  ...Object.keys(DOCUMENT_ALIASES),
];

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split("/");
  return (
    parts.length === segments.length &&
    parts.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i]))
  );
}

/** What the web app shows at a path: one of its pages, a member's profile, or "not found". */
export type AppPath = { kind: "page" } | ({ kind: "profile" } & ProfileHandle) | { kind: "none" };

export function classifyAppPath(pathname: string): AppPath {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return { kind: "none" };
  }
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return { kind: "page" };
  const segments = trimmed.split("/");
  if (STATIC_PATHS.some((pattern) => matches(pattern, segments))) return { kind: "page" };
  const profile = segments.length === 1 ? profileHandle(segments[0]) : null;
  return profile ? { kind: "profile", ...profile } : { kind: "none" };
}

/**
 * Field data (ADR 066): the Core Web Vitals a member's browser measured on one page load,
 * sent with `navigator.sendBeacon` to POST /api/vitals. No identifier of any kind: a route
 * pattern (never the URL), the language and the figures.
 */
export const WEB_VITALS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type WebVitalName = (typeof WEB_VITALS)[number];

/** The routes figures are kept by: the web app's patterns, so the labels stay bounded. */
export const VITAL_ROUTES = [
  "/",
  ...APP_PAGES.map((page) => `/${page}` as const),
  "/:document",
  "/:profile",
  "other",
] as const;
export type VitalRoute = (typeof VITAL_ROUTES)[number];

/** The route pattern of a path, as VITAL_ROUTES spells it. */
export function vitalRoute(pathname: string): VitalRoute {
  const segments = pathname.replace(/^\/+|\/+$/g, "").split("/");
  for (const page of APP_PAGES) {
    const parts = page.split("/");
    if (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i]))
    ) {
      return `/${page}`;
    }
  }
  if (segments.length === 1 && segments[0] === "") return "/";
  const kind = classifyAppPath(pathname).kind;
  if (kind === "profile") return "/:profile";
  if (kind === "page") return "/:document";
  return "other";
}

/**
 * The key an API read is inlined under in a member page's document (ADR 065): its path and its
 * query parameters sorted by name. The server writes the reads under it, the web app looks them
 * up by it, so the same read asked with its parameters in another order is found.
 */
export function inlineKey(url: string): string {
  const [pathname = "", search = ""] = url.split("?", 2);
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * What the server hands the web app's render of a member page (ADR 084): the page, its language,
 * the answers its document carries (by `inlineKey`), and the zone, instant and address the
 * browser adopts the markup with.
 */
export type PageRenderInput = {
  /** The path and query of the page. */
  url: string;
  locale: Locale;
  /** The API answers the document carries (`#vv-data`), by URL. */
  reads: Record<string, unknown>;
  /** The member's time zone (their browser's, from its cookie), else "UTC". */
  timeZone: string;
  /** The instant of the render (ms since the epoch). */
  now: number;
  /** The site's address as the member's browser sees it (`https://host`). */
  origin: string;
};
