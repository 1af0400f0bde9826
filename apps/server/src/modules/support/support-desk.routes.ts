import {
  type TSupportRequest,
  ZAskMemberReviewRequest,
  ZDeskReviewRequest,
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
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteApp } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import { idempotencyOf, markReplayed } from "../idempotency/idempotency";
import { payoutNetworks } from "../payouts/payouts-hot-wallet.service";
import { supportErrors as errors, ZRequestParams } from "./support.routes";
import { listDeskRequests } from "./support.service";
import {
  type DeskAnswer,
  type DeskRequestOptions,
  failWithdrawal,
  sendWithdrawal,
  setRequestStatus,
} from "./support-desk.service";
import { deskUnlock, requireUnlocked, unlockDesk } from "./support-desk-gate.service";
import { askForReview } from "./support-review.service";
import { deskThread, postStaffReply } from "./support-threads.service";

/**
 * The support desk (ADR 061): staff (support and admin, 2FA on) only. The gate's two routes
 * (unlock, and until when) need staff; every other desk route sits behind ONE hook — staff, and
 * the desk unlocked for this session — so no route repeats the guard.
 */

const idempotencyHeader = z.object({ "idempotency-key": z.string().optional() });

/** Who acts on which request, with the payout desk's dependencies. */
function deskOptions(app: RouteApp, request: FastifyRequest, requestId: string) {
  return {
    money: app.money,
    clock: app.clock,
    payouts: app.payouts,
    staff: currentMember(request),
    ip: request.ip,
    requestId,
    idem: idempotencyOf(request),
  } satisfies DeskRequestOptions;
}

/**
 * A desk action's answer: the replay header when it replayed, and — a withdrawal's state changed
 * — its member's open pages read it again (stream event).
 */
function answered(app: RouteApp, reply: FastifyReply, outcome: DeskAnswer): TSupportRequest {
  markReplayed(reply, outcome.replayed);
  if (outcome.request.withdrawal) app.realtime.announce("withdrawals", [outcome.request.userId]);
  return outcome.request;
}

// ── The gate (staff) ──
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
          "Unlock the support desk with the staff member's password, or a passkey bound to support.unlock (15 minutes, this session)",
        body: ZSupportUnlockRequest,
        response: { 200: ZSupportUnlock, ...errors },
      },
    },
    async (request) =>
      unlockDesk(app.db, app.clock, currentMember(request), request.body, request.ip),
  );
}

// ── Past the gate (staff, desk unlocked: the scope's hook) ──
function getDeskRequestsMessagesRoute(app: RouteApp): void {
  app.get(
    "/api/support/desk/requests/:requestId/messages",
    {
      schema: {
        tags: ["support"],
        summary: "The thread of any request (desk unlocked)",
        params: ZRequestParams,
        response: { 200: ZSupportThread, ...errors },
      },
    },
    async (request) => deskThread(app.db, request.params.requestId),
  );
}

function postDeskRequestsMessagesRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/requests/:requestId/messages",
    {
      schema: {
        tags: ["support"],
        summary: "Reply in a request's thread (the member is e-mailed; desk unlocked)",
        params: ZRequestParams,
        body: ZPostSupportMessage,
        response: { 200: ZSupportThread, ...errors },
      },
    },
    async (request) =>
      postStaffReply({
        db: app.db,
        clock: app.clock,
        staff: currentMember(request),
        ip: request.ip,
        requestId: request.params.requestId,
        body: request.body.body,
      }),
  );
}

function getDeskRequestsRoute(app: RouteApp): void {
  app.get(
    "/api/support/desk/requests",
    {
      schema: {
        tags: ["support"],
        summary: "All support requests, newest first, filtered and paged (desk unlocked)",
        querystring: ZSupportListQuery,
        response: { 200: ZSupportPage, ...errors },
      },
    },
    async (request) => listDeskRequests(app.db, app.clock, request.query),
  );
}

function putDeskRequestsStatusRoute(app: RouteApp): void {
  app.put(
    "/api/support/desk/requests/:requestId/status",
    {
      schema: {
        tags: ["support"],
        summary:
          "Set a request's status; for a withdrawal PROCESSING takes it, COMPLETED records the hash and pays (or awaits/gives the second approval), PENDING hands it back",
        params: ZRequestParams,
        headers: idempotencyHeader,
        body: ZUpdateSupportStatusRequest,
        response: { 200: ZSupportRequest, ...errors },
      },
    },
    async (request, reply) => {
      const options = deskOptions(app, request, request.params.requestId);
      return answered(app, reply, await setRequestStatus({ ...options, body: request.body }));
    },
  );
}

function postDeskRequestsFailRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/requests/:requestId/fail",
    {
      schema: {
        tags: ["support"],
        summary: "Fail a withdrawal with a reason: the full amount returns to the member",
        params: ZRequestParams,
        headers: idempotencyHeader,
        body: ZFailWithdrawalRequest,
        response: { 200: ZSupportRequest, ...errors },
      },
    },
    async (request, reply) => {
      const options = deskOptions(app, request, request.params.requestId);
      return answered(
        app,
        reply,
        await failWithdrawal({ ...options, reason: request.body.reason }),
      );
    },
  );
}

/** The desk's payout networks (ADR 058): verified or manual, hot wallet balances and cap. */
function getDeskPayoutNetworksRoute(app: RouteApp): void {
  app.get(
    "/api/support/desk/payout-networks",
    {
      schema: {
        tags: ["support"],
        summary:
          "Each network: verified on chain or manual; the hot wallet's balances and today's cap",
        response: { 200: ZPayoutNetworks, ...errors },
      },
    },
    async () => ({ networks: await payoutNetworks(app) }),
  );
}

/** One click: the hot wallet sends an approved, taken withdrawal (crash-safe, ADR 058). */
function postDeskSendRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/requests/:requestId/send",
    {
      schema: {
        tags: ["support"],
        summary:
          "Send a taken withdrawal from the network's hot wallet: signed and recorded, then broadcast; CONFIRMING",
        params: ZRequestParams,
        headers: idempotencyHeader,
        response: { 200: ZSupportRequest, ...errors, 503: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const options = deskOptions(app, request, request.params.requestId);
      return answered(app, reply, await sendWithdrawal({ ...options, action: "send" }));
    },
  );
}

/** Replace (speed up) a stuck hot-wallet transaction: the same nonce, a higher fee. */
function postDeskReplaceRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/requests/:requestId/replace",
    {
      schema: {
        tags: ["support"],
        summary: "Replace a withdrawal's unmined hot-wallet transaction (same nonce, higher fee)",
        params: ZRequestParams,
        headers: idempotencyHeader,
        response: { 200: ZSupportRequest, ...errors, 503: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const options = deskOptions(app, request, request.params.requestId);
      return answered(app, reply, await sendWithdrawal({ ...options, action: "replace" }));
    },
  );
}

/** Support asks an admin to review a withdrawing member in risk review (ADR 071). */
function postDeskReviewRequestRoute(app: RouteApp): void {
  app.post(
    "/api/support/desk/requests/:requestId/review-request",
    {
      schema: {
        tags: ["support"],
        summary:
          "Ask an admin to review the withdrawing member (high risk, not reviewed): the fraud queue lists them first; asking again answers the open request",
        params: ZRequestParams,
        body: ZAskMemberReviewRequest,
        response: { 200: ZDeskReviewRequest, ...errors },
      },
    },
    async (request) =>
      askForReview({
        db: app.db,
        clock: app.clock,
        staff: currentMember(request),
        ip: request.ip,
        requestId: request.params.requestId,
        note: request.body.note,
      }),
  );
}

/** Every route past the gate: ONE hook checks staff, then the desk unlocked for this session. */
const unlockedDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", async (request, reply) => {
    await app.requireStaff(request, reply);
    await requireUnlocked(app.db, app.clock, currentMember(request));
  });
  getDeskRequestsRoute(app);
  getDeskRequestsMessagesRoute(app);
  postDeskRequestsMessagesRoute(app);
  putDeskRequestsStatusRoute(app);
  postDeskRequestsFailRoute(app);
  getDeskPayoutNetworksRoute(app);
  postDeskSendRoute(app);
  postDeskReplaceRoute(app);
  postDeskReviewRequestRoute(app);
};

/** The support desk: its gate, and the desk's routes behind it. */
export const supportDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  getDeskUnlockRoute(app);
  postDeskUnlockRoute(app);
  await app.register(unlockedDeskRoutes);
};
