import {
  ZBoxCollection,
  ZBoxOpenings,
  ZBoxOpeningsQuery,
  ZBoxState,
  ZErrorResponse,
  ZOpenBoxResult,
  ZSetClientSeedRequest,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { moneyRoute } from "../idempotency/money-route";
import { getBoxState, getCollection, listOpenings, openBox, setClientSeed } from "./box.service";

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

export const boxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/box",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["box"],
        summary: "The mystery box: its cost and the commitment of the next opening (seed hash)",
        response: { 200: ZBoxState, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => getBoxState(app.db, currentMember(request).profile.id),
  );

  app.put(
    "/api/box/client-seed",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["box"],
        summary: "Choose the client seed of the next openings",
        body: ZSetClientSeedRequest,
        response: { 200: ZBoxState, ...errors },
      },
    },
    async (request) =>
      setClientSeed(app.db, app.clock, currentMember(request).profile.id, request.body.clientSeed),
  );

  app.post(
    "/api/box/open",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["box"],
        summary:
          "Open a mystery box for 100 views: reveals the seed and commits the next (Idempotency-Key supported)",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        response: { 200: ZOpenBoxResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        openBox(app.money, app.clock, currentMember(request).profile.id, idem),
      ),
  );

  app.get(
    "/api/box/openings",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["box"],
        summary: "The member's latest openings with their revealed seeds",
        querystring: ZBoxOpeningsQuery,
        response: { 200: ZBoxOpenings, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => ({
      openings: await listOpenings(app.db, currentMember(request).profile.id, request.query.limit),
    }),
  );

  app.get(
    "/api/profiles/:username/collection",
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ["box"],
        summary: "A member's mystery box collection (items and counts)",
        params: z.object({ username: z.string().min(1).max(64) }),
        response: { 200: ZBoxCollection, 404: ZErrorResponse },
      },
    },
    async (request) => getCollection(app.db, request.params.username),
  );
};
