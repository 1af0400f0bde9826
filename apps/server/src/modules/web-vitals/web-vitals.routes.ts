import {
  WEB_VITALS,
  ZErrorResponse,
  ZWebVitalsBeacon,
  ZWebVitalsOverview,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffErrors } from "../../lib/route-schema";

/** Beacons per address and minute: a member's pages send one each (ADR 066). */
const BEACONS_PER_MINUTE = 30;

/**
 * POST /api/vitals: the web vitals of one page load (field data, ADR 066), kept as Prometheus
 * histograms by route pattern and language — nothing that identifies the member is read or kept.
 * No session needed (visitors' pages count too); junk is a 400, a flood a 429.
 */
export const webVitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/vitals",
    {
      config: { rateLimit: { max: BEACONS_PER_MINUTE, timeWindow: 60_000 } },
      bodyLimit: 4096,
      schema: {
        tags: ["platform"],
        summary: "Field data: the web vitals a browser measured on one page load",
        body: ZWebVitalsBeacon,
        response: { 204: z.null(), 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const { route, lang, metrics } = request.body;
      for (const { name, value } of metrics) {
        // Times arrive in milliseconds and are kept in seconds; CLS is a unitless score.
        app.metrics.webVital({
          metric: name,
          route,
          lang,
          value: name === "CLS" ? value : value / 1000,
        });
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/admin/web-vitals",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Field data: the 75th percentile of each web vital by route and language",
        response: { 200: ZWebVitalsOverview, ...staffErrors },
      },
    },
    async () => {
      const rows = (await app.metrics.webVitalsP75())
        .flatMap((row) => {
          const metric = WEB_VITALS.find((name) => name === row.metric);
          return metric ? [{ ...row, metric }] : [];
        })
        .sort((a, b) => a.route.localeCompare(b.route) || a.lang.localeCompare(b.lang));
      return { rows };
    },
  );
};
