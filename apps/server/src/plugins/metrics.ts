import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client";
import { AppError } from "../lib/app-error";
import {
  createMetrics,
  type Metrics,
  type OutboxBacklog,
  type PayoutBacklog,
} from "../lib/metrics";

declare module "fastify" {
  interface FastifyInstance {
    /** Prometheus instruments of this instance (lib/metrics). */
    metrics: Metrics;
  }
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether an Authorization header carries `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Counts every answered request by route pattern (Fastify's, e.g. `/api/videos/:id/sessions`;
 * `unmatched` for a 404 without a route, so a scan of random URLs adds one series, not
 * thousands) and serves GET /api/metrics to Prometheus with METRICS_TOKEN as a bearer token.
 * Without METRICS_TOKEN the route is not registered (404). It is internal: hidden from the
 * public OpenAPI document, like the test clock.
 */
export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      database: Database;
      token: string | undefined;
      outboxBacklog: () => Promise<OutboxBacklog>;
      pushBacklog?: () => Promise<{ pending: number; failed: number }>;
      payoutBacklog?: () => Promise<PayoutBacklog>;
    },
  ) => {
    const metrics = createMetrics({
      database: opts.database,
      outboxBacklog: opts.outboxBacklog,
      ...(opts.pushBacklog ? { pushBacklog: opts.pushBacklog } : {}),
      ...(opts.payoutBacklog ? { payoutBacklog: opts.payoutBacklog } : {}),
    });
    app.decorate("metrics", metrics);

    app.addHook("onResponse", (request, reply, done) => {
      metrics.httpRequest(
        request.routeOptions.url ?? "unmatched",
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

    const { token } = opts;
    if (!token) return;
    app.get("/api/metrics", { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw new AppError("UNAUTHENTICATED");
      }
      const body = await metrics.registry.metrics();
      return reply
        .header("cache-control", "no-store")
        .type(metrics.registry.contentType)
        .send(body);
    });
  },
);
