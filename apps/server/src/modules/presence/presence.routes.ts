import { ZErrorResponse, ZPresence, ZPresenceQuery, ZPresenceRequest } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { currentMember } from "../../plugins/auth";
import { memoryPresence, type PresenceStore, redisPresence } from "./presence.store";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IDS = 100;

/** The sorted set's key in Redis (tests pass their own prefix). */
export const PRESENCE_KEY = "vv:presence";

/** Redis's sorted set when REDIS_URL is set, else this process's map (ADR 020). */
export function presenceStore(redis: Redis | undefined, key = PRESENCE_KEY): PresenceStore {
  return redis ? redisPresence(redis, key) : memoryPresence();
}

/** Presence heartbeats and the online dots (ADR 020). */
export const presenceRoutes: FastifyPluginAsyncZod<{ store: PresenceStore }> = async (
  app,
  { store },
) => {
  app.post(
    "/api/presence",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["presence"],
        summary: "Heartbeat: online on load and every 30 s while visible, offline on hide/unload",
        body: ZPresenceRequest,
        response: { 204: z.null(), 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const id = currentMember(request).profile.id;
      if (request.body.state === "online") await store.beat(id, app.clock.now().getTime());
      else await store.leave(id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/presence",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["presence"],
        summary: "Which of these members are online (heartbeat within 90 s)",
        querystring: ZPresenceQuery,
        response: { 200: ZPresence, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(",").filter(Boolean))];
      if (ids.length > MAX_IDS || !ids.every((id) => UUID.test(id))) {
        throw new AppError("VALIDATION_FAILED", {}, { field: "ids" });
      }
      return { online: await store.online(ids, app.clock.now().getTime()) };
    },
  );
};
