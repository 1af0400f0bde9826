import { z } from "zod";
import { LOCALES } from "../constants";
import { VITAL_ROUTES, WEB_VITALS } from "../routes";

/**
 * Field data (ADR 066): the beacon of POST /api/vitals. Its names and route patterns
 * (WEB_VITALS, VITAL_ROUTES, vitalRoute) are in routes.ts, free of zod, for the web app's boot code.
 */
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
