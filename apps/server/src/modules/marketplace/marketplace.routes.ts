import {
  ZCreateOfferRequest,
  ZErrorResponse,
  ZMyMarket,
  ZOfferListQuery,
  ZOfferPage,
  ZOfferResult,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { RouteApp } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import { moneyRoute } from "../idempotency/money-route";
import { buyOffer, cancelOffer, listOffer, listOpenOffers, myMarket } from "./marketplace.service";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An offer id from the path; anything else is an offer that does not exist. */
function offerId(id: string): string {
  if (!UUID_RE.test(id)) throw new AppError("NOT_FOUND", { context: "offer" });
  return id.toLowerCase();
}

const ZOfferParams = z.object({ id: z.string().max(64) });

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

const idempotencyHeader = z.object({ "idempotency-key": z.string().optional() });

/** What is for sale, and the member's own offers and purchases. */
function browseRoutes(app: RouteApp): void {
  app.get(
    "/api/marketplace/offers",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["marketplace"],
        summary: "Open offers, a page at a time, by price or newest first",
        querystring: ZOfferListQuery,
        response: { 200: ZOfferPage, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => listOpenOffers(app.readDb, request.query),
  );

  app.get(
    "/api/marketplace/mine",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["marketplace"],
        summary: "My offers (any status) and the offers I bought",
        response: { 200: ZMyMarket, 401: ZErrorResponse },
      },
    },
    async (request) => myMarket(app.db, currentMember(request).profile.id),
  );
}

/** List, buy and cancel: money commands, each replayable by Idempotency-Key. */
function tradeRoutes(app: RouteApp): void {
  app.post(
    "/api/marketplace/offers",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["marketplace"],
        summary:
          "List views for sale: they move to escrow until sold or cancelled (Idempotency-Key supported)",
        headers: idempotencyHeader,
        body: ZCreateOfferRequest,
        response: { 201: ZOfferResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        listOffer(app.money, app.clock, currentMember(request).profile, request.body, idem),
      ),
  );

  app.post(
    "/api/marketplace/offers/:id/buy",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["marketplace"],
        summary:
          "Buy a whole offer: your USDT to the seller, the views to you (Idempotency-Key supported)",
        headers: idempotencyHeader,
        params: ZOfferParams,
        response: { 200: ZOfferResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        buyOffer(
          app.money,
          app.clock,
          currentMember(request).profile,
          offerId(request.params.id),
          idem,
        ),
      ),
  );

  app.post(
    "/api/marketplace/offers/:id/cancel",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["marketplace"],
        summary: "Cancel your open offer: the views come back (Idempotency-Key supported)",
        headers: idempotencyHeader,
        params: ZOfferParams,
        response: { 200: ZOfferResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        cancelOffer(
          app.money,
          app.clock,
          currentMember(request).profile,
          offerId(request.params.id),
          idem,
        ),
      ),
  );
}

export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  browseRoutes(app);
  tradeRoutes(app);
};
