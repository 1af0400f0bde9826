import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../../lib/clock";

/** The system clock moved by an offset: end-to-end tests skip the 30 s windows with it. */
export function offsetClock(): Clock & { advance(ms: number): void; reset(): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}

/**
 * POST /api/test/clock — registered only when NODE_ENV=test and E2E_CLOCK=1 (env.ts refuses
 * E2E_CLOCK in any other mode), never in production.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{
  clock: ReturnType<typeof offsetClock>;
}> = async (app, opts) => {
  app.post(
    "/api/test/clock",
    {
      schema: {
        hide: true,
        body: z.object({
          advanceMs: z
            .number()
            .int()
            .min(0)
            .max(86_400_000 * 400)
            .optional(),
          reset: z.boolean().optional(),
        }),
      },
    },
    async (request) => {
      if (request.body.reset) opts.clock.reset();
      if (request.body.advanceMs) opts.clock.advance(request.body.advanceMs);
      return { now: opts.clock.now().toISOString() };
    },
  );
};
