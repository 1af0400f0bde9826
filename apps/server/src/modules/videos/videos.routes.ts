import {
  ZBoostResult,
  ZCreateVideoRequest,
  ZCreateVideoResult,
  ZErrorResponse,
  ZFeedPage,
  ZFeedQuery,
  ZVideo,
  ZVideoPreview,
  ZVideoPreviewQuery,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { RouteApp } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import { idempotencyOf, sendOutcome } from "../idempotency/idempotency";
import type { OembedClient } from "./oembed";
import { FeedCache } from "./videos.feed.service";
import { boostVideo, getVideo, postVideo, previewVideo } from "./videos.service";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Any id: one that is not a UUID is simply a video that does not exist. */
const ZVideoParams = z.object({ id: z.string().max(64) });

function videoId(id: string): string {
  if (!UUID_RE.test(id)) throw new AppError("NOT_FOUND", { context: "video" });
  return id.toLowerCase();
}

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

/** The feed, served from its cache. */
function feedRoute(app: RouteApp, feed: FeedCache): void {
  app.get(
    "/api/videos",
    {
      schema: {
        tags: ["videos"],
        summary: "The feed: active boosts first (first page), then newest first by keyset cursor",
        querystring: ZFeedQuery,
        response: { 200: ZFeedPage, 400: ZErrorResponse },
      },
    },
    // The page arrives serialised (a string is sent as it is; the type system checked its shape).
    async (request, reply) => {
      const body = await feed.page(app.readDb, app.clock, request.query);
      return reply.type("application/json; charset=utf-8").send(body as never);
    },
  );
}

/** A YouTube URL previewed, then posted (a new post clears the feed's cache). */
function postRoutes(app: RouteApp, oembed: OembedClient, feed: FeedCache): void {
  app.get(
    "/api/videos/preview",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["videos"],
        summary: "The title of a YouTube URL (fetched by the server from oEmbed, cached)",
        querystring: ZVideoPreviewQuery,
        response: { 200: ZVideoPreview, ...errors },
      },
    },
    async (request) => previewVideo(oembed, request.query.url),
  );

  app.post(
    "/api/videos",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ["videos"],
        summary: "Post a video for 1 view (Idempotency-Key supported)",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        body: ZCreateVideoRequest,
        response: { 201: ZCreateVideoResult, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await postVideo({
        money: app.money,
        clock: app.clock,
        oembed,
        member: currentMember(request).profile,
        request: request.body,
        idem: idempotencyOf(request),
      });
      if (!outcome.replayed) feed.clear();
      return sendOutcome(reply, outcome, outcome.result);
    },
  );
}

/** One video, and its boost (which clears the feed's cache). */
function videoRoutes(app: RouteApp, feed: FeedCache): void {
  app.get(
    "/api/videos/:id",
    {
      schema: {
        tags: ["videos"],
        summary: "One video",
        params: ZVideoParams,
        response: { 200: ZVideo, 404: ZErrorResponse },
      },
    },
    async (request) => getVideo(app.db, app.clock, videoId(request.params.id)),
  );

  app.post(
    "/api/videos/:id/boost",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["videos"],
        summary: "Boost your video for 24 h (100 views); boosting again extends it by 24 h",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        params: ZVideoParams,
        response: { 200: ZBoostResult, ...errors },
      },
    },
    async (request, reply) => {
      const member = currentMember(request).profile;
      const id = videoId(request.params.id);
      const outcome = await boostVideo(app.money, app.clock, member, id, idempotencyOf(request));
      if (!outcome.replayed) feed.clear();
      return sendOutcome(reply, outcome, outcome.result);
    },
  );
}

export const videosRoutes: FastifyPluginAsyncZod<{ oembed: OembedClient }> = async (app, opts) => {
  const feed = new FeedCache();
  feedRoute(app, feed);
  postRoutes(app, opts.oembed, feed);
  videoRoutes(app, feed);
};
