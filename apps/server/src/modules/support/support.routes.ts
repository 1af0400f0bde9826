import {
  type TSupportRequest,
  ZCreateSupportRequest,
  ZErrorResponse,
  ZFailWithdrawalRequest,
  ZPayoutNetworks,
  ZPostSupportMessage,
  ZSupportListQuery,
  ZSupportPage,
  ZSupportRequest,
  ZSupportThread,
  ZSupportUnlock,
  ZSupportUnlockRequest,
  ZUpdateSupportStatusRequest,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteApp } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import { idempotencyOf } from "../idempotency/idempotency";
import { payoutNetworks } from "../withdrawals/payouts.service";
import {
  deskThread,
  deskUnlock,
  failWithdrawal,
  getOwnRequest,
  listDeskRequests,
  listOwnRequests,
  openSupportRequest,
  ownThread,
  postOwnMessage,
  postStaffReply,
  requireUnlocked,
  sendWithdrawal,
  setRequestStatus,
  unlockDesk,
} from "./support.service";

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
const ZRequestParams = z.object({ requestId: z.uuid() });

/** A withdrawal's state changed: its member's open pages read it again (stream event). */
function announced(app: RouteApp, updated: TSupportRequest): TSupportRequest {
  if (updated.withdrawal) app.realtime.announce("withdrawals", [updated.userId]);
  return updated;
}

// ── Members ──
function getRequestsRoute(app: RouteApp): void {
  app.get(
    "/api/support/requests",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["support"],
        summary: "The member's own support requests (withdrawals included), newest first",
        querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: { 200: ZSupportPage, 401: ZErrorResponse },
      },
    },
    async (request) => listOwnRequests(app.db, currentMember(request), request.query.page),
  );
}

function getRequests2Route(app: RouteApp): void {
  app.get(
    "/api/support/requests/:requestId",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["support"],
        summary: "One of the member's own support requests (another member's is not found)",
        params: ZRequestParams,
        response: { 200: ZSupportRequest, ...errors },
      },
    },
    async (request) => getOwnRequest(app.db, currentMember(request), request.params.requestId),
  );
}

function postRequestsRoute(app: RouteApp): void {
  app.post(
    "/api/support/requests",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ["support"],
        summary: "Open a support request (withdrawal question, account, payment, other)",
        body: ZCreateSupportRequest,
        response: { 201: ZSupportPage, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await openSupportRequest(app.db, app.clock, currentMember(request), request.body)),
  );
}

function getRequestsMessagesRoute(app: RouteApp): void {
  app.get(
    "/api/support/requests/:requestId/messages",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["support"],
        summary: "The thread of one of the member's own requests, oldest first",
        params: ZRequestParams,
        response: { 200: ZSupportThread, ...errors },
      },
    },
    async (request) => ownThread(app.db, currentMember(request), request.params.requestId),
  );
}

function postRequestsMessagesRoute(app: RouteApp): void {
  app.post(
    "/api/support/requests/:requestId/messages",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ["support"],
        summary: "Write in the thread of one of the member's own requests",
        params: ZRequestParams,
        body: ZPostSupportMessage,
        response: { 200: ZSupportThread, ...errors },
      },
    },
    async (request) =>
      postOwnMessage(
        app.db,
        app.clock,
        currentMember(request),
        request.params.requestId,
        request.body.body,
      ),
  );
}

// ── Staff (support and admin, 2FA on) ──
function getDeskRequestsMessagesRoute(app: RouteApp): void {
  app.get(
    "/api/support/desk/requests/:requestId/messages",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["support"],
        summary: "The thread of any request (desk unlocked)",
        params: ZRequestParams,
        response: { 200: ZSupportThread, ...errors },
      },
    },
    async (request) => {
      await requireUnlocked(app.db, app.clock, currentMember(request));
      return deskThread(app.db, request.params.requestId);
    },
  );
}

function postDeskRequestsMessagesRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/requests/:requestId/messages",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["support"],
        summary: "Reply in a request's thread (the member is e-mailed; desk unlocked)",
        params: ZRequestParams,
        body: ZPostSupportMessage,
        response: { 200: ZSupportThread, ...errors },
      },
    },
    async (request) => {
      const staff = currentMember(request);
      await requireUnlocked(app.db, app.clock, staff);
      return postStaffReply(
        app.db,
        app.clock,
        staff,
        request.ip,
        request.params.requestId,
        request.body.body,
      );
    },
  );
}

function getDeskUnlockRoute(app: RouteApp): void {
  app.get(
    "/api/support/desk/unlock",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["support"],
        summary: "Until when the support desk is unlocked for this session (null: locked)",
        response: { 200: ZSupportUnlock, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => deskUnlock(app.db, app.clock, currentMember(request)),
  );
}

function postDeskUnlockRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/unlock",
    {
      onRequest: app.requireStaff,
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ["support"],
        summary:
          "Unlock the support desk with the staff member's password (15 minutes, this session)",
        body: ZSupportUnlockRequest,
        response: { 200: ZSupportUnlock, ...errors },
      },
    },
    async (request) =>
      unlockDesk(app.db, app.clock, currentMember(request), request.body.password, request.ip),
  );
}

function getDeskRequestsRoute(app: RouteApp): void {
  app.get(
    "/api/support/desk/requests",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["support"],
        summary: "All support requests, newest first, filtered and paged (desk unlocked)",
        querystring: ZSupportListQuery,
        response: { 200: ZSupportPage, ...errors },
      },
    },
    async (request) => {
      await requireUnlocked(app.db, app.clock, currentMember(request));
      return listDeskRequests(app.db, request.query);
    },
  );
}

function putDeskRequestsStatusRoute(app: RouteApp): void {
  app.put(
    "/api/support/desk/requests/:requestId/status",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["support"],
        summary:
          "Set a request's status; for a withdrawal PROCESSING takes it, COMPLETED records the hash and pays (or awaits/gives the second approval), PENDING hands it back",
        params: ZRequestParams,
        headers: z.object({ "idempotency-key": z.string().optional() }),
        body: ZUpdateSupportStatusRequest,
        response: { 200: ZSupportRequest, ...errors },
      },
    },
    async (request, reply) => {
      const staff = currentMember(request);
      await requireUnlocked(app.db, app.clock, staff);
      const { request: updated, replayed } = await setRequestStatus(
        app.money,
        app.clock,
        staff,
        request.ip,
        request.params.requestId,
        request.body,
        idempotencyOf(request),
        app.payouts,
      );
      if (replayed) reply.header("idempotent-replayed", "true");
      return announced(app, updated);
    },
  );
}

function postDeskRequestsFailRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/requests/:requestId/fail",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["support"],
        summary: "Fail a withdrawal with a reason: the full amount returns to the member",
        params: ZRequestParams,
        headers: z.object({ "idempotency-key": z.string().optional() }),
        body: ZFailWithdrawalRequest,
        response: { 200: ZSupportRequest, ...errors },
      },
    },
    async (request, reply) => {
      const staff = currentMember(request);
      await requireUnlocked(app.db, app.clock, staff);
      const { request: updated, replayed } = await failWithdrawal(
        app.money,
        app.clock,
        staff,
        request.ip,
        request.params.requestId,
        request.body.reason,
        idempotencyOf(request),
      );
      if (replayed) reply.header("idempotent-replayed", "true");
      return announced(app, updated);
    },
  );
}

/** The desk's payout networks (ADR 058): verified or manual, hot wallet balances and cap. */
function getDeskPayoutNetworksRoute(app: RouteApp): void {
  app.get(
    "/api/support/desk/payout-networks",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["support"],
        summary:
          "Each network: verified on chain or manual; the hot wallet's balances and today's cap",
        response: { 200: ZPayoutNetworks, ...errors },
      },
    },
    async (request) => {
      await requireUnlocked(app.db, app.clock, currentMember(request));
      return { networks: await payoutNetworks(app.db, app.clock, app.payouts) };
    },
  );
}

/** One click: the hot wallet sends an approved, taken withdrawal (crash-safe, ADR 058). */
function postDeskSendRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/requests/:requestId/send",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["support"],
        summary:
          "Send a taken withdrawal from the network's hot wallet: signed and recorded, then broadcast; CONFIRMING",
        params: ZRequestParams,
        headers: z.object({ "idempotency-key": z.string().optional() }),
        response: { 200: ZSupportRequest, ...errors, 503: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const staff = currentMember(request);
      await requireUnlocked(app.db, app.clock, staff);
      const { request: updated, replayed } = await sendWithdrawal(
        app.money,
        app.clock,
        app.payouts,
        staff,
        request.ip,
        request.params.requestId,
        idempotencyOf(request),
        "send",
      );
      if (replayed) reply.header("idempotent-replayed", "true");
      return announced(app, updated);
    },
  );
}

/** Replace (speed up) a stuck hot-wallet transaction: the same nonce, a higher fee. */
function postDeskReplaceRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/requests/:requestId/replace",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["support"],
        summary: "Replace a withdrawal's unmined hot-wallet transaction (same nonce, higher fee)",
        params: ZRequestParams,
        headers: z.object({ "idempotency-key": z.string().optional() }),
        response: { 200: ZSupportRequest, ...errors, 503: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const staff = currentMember(request);
      await requireUnlocked(app.db, app.clock, staff);
      const { request: updated, replayed } = await sendWithdrawal(
        app.money,
        app.clock,
        app.payouts,
        staff,
        request.ip,
        request.params.requestId,
        idempotencyOf(request),
        "replace",
      );
      if (replayed) reply.header("idempotent-replayed", "true");
      return announced(app, updated);
    },
  );
}

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  getRequestsRoute(app);
  getRequests2Route(app);
  postRequestsRoute(app);
  getRequestsMessagesRoute(app);
  postRequestsMessagesRoute(app);
  getDeskRequestsMessagesRoute(app);
  postDeskRequestsMessagesRoute(app);
  getDeskUnlockRoute(app);
  postDeskUnlockRoute(app);
  getDeskRequestsRoute(app);
  putDeskRequestsStatusRoute(app);
  postDeskRequestsFailRoute(app);
  getDeskPayoutNetworksRoute(app);
  postDeskSendRoute(app);
  postDeskReplaceRoute(app);
};
