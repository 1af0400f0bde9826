import { z } from "zod";
import { LOCALES } from "../constants";
import { APP_PAGES, classifyAppPath } from "../routes";

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

export const ZWebVitalsBeacon = z
  .object({
    route: z.enum(VITAL_ROUTES),
    lang: z.enum(LOCALES),
    /** Each vital at most once; times in milliseconds (up to ten minutes), CLS unitless. */
    metrics: z
      .array(
        z.object({
          name: z.enum(WEB_VITALS),
          value: z.number().finite().min(0).max(600_000),
        }),
      )
      .min(1)
      .max(WEB_VITALS.length)
      .refine((list) => new Set(list.map((m) => m.name)).size === list.length, {
        message: "each vital at most once",
      }),
  })
  .strict()
  .meta({ id: "WebVitalsBeacon" });
export type TWebVitalsBeacon = z.infer<typeof ZWebVitalsBeacon>;

/** p75 of each vital by route and language (the admin overview; this instance's histograms). */
export const ZWebVitalsOverview = z
  .object({
    rows: z.array(
      z.object({
        route: z.string(),
        lang: z.string(),
        metric: z.enum(WEB_VITALS),
        /** Page loads that reported this vital. */
        count: z.number().int(),
        /** Seconds (CLS: unitless), interpolated within its histogram bucket. */
        p75: z.number(),
      }),
    ),
  })
  .meta({ id: "WebVitalsOverview" });
export type TWebVitalsOverview = z.infer<typeof ZWebVitalsOverview>;
