import {
  ZAdminMemberDetail,
  ZAdminMemberPage,
  ZAdminMemberSearch,
  ZAdminOverview,
  ZAdminReasonRequest,
  ZAdminRoleRequest,
  ZAdminSuspendRequest,
  ZAuditPage,
  ZAuditQuery,
  ZErrorResponse,
  ZFailWithdrawalRequest,
  ZHeldReferral,
  ZHeldReferralResult,
  ZLedgerCheck,
  ZPayoutApprovals,
  ZProfile,
  ZStepUpRequest,
  ZStepUpState,
  ZSupportRequest,
} from "@viewvault/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { idempotencyOf, sendOutcome } from "../idempotency/idempotency";
import type { PresenceStore } from "../presence/presence.store";
import {
  approveHeldReferral,
  approvePayout,
  auditCsv,
  changeMemberRole,
  getAuditPage,
  getMemberDetail,
  getOverview,
  listHeldReferrals,
  listPayoutApprovals,
  rejectPayout,
  rejectReferral,
  revokeMemberSessions,
  runLedgerCheck,
  type StaffActor,
  searchMembers,
  setMemberSuspended,
} from "./admin.service";
import { confirmStepUp, requireStepUp, stepUpState } from "./step-up";

const ZMemberParams = z.object({ profileId: z.uuid() });
const ZReferralParams = z.object({ referralId: z.uuid() });
const ZRequestParams = z.object({ requestId: z.uuid() });
const idempotencyHeader = z.object({ "idempotency-key": z.string().optional() });
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

function actorOf(request: FastifyRequest): StaffActor {
  const member = currentMember(request);
  return { profileId: member.profile.id, role: member.profile.role, address: request.ip };
}

/**
 * The admin console's API (admin role with 2FA on, every route). Actions write an audit row;
 * those that move money or change a role also need a recent step-up (ADR 029).
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  authSecret: string;
  presence: PresenceStore;
}> = async (app, opts) => {
  const admin = { onRequest: app.requireAdmin };

  app.get(
    "/api/admin/overview",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "Platform totals per currency from the ledger, and the queues' counts",
        response: { 200: ZAdminOverview, ...errors },
      },
    },
    async () => getOverview(app.db, () => opts.presence.count(app.clock.now().getTime())),
  );

  app.post(
    "/api/admin/ledger/check",
    {
      ...admin,
      config: { rateLimit: { max: 6, timeWindow: 60_000 } },
      schema: {
        tags: ["admin"],
        summary: "Run the ledger invariant check now (result and duration)",
        response: { 200: ZLedgerCheck, ...errors },
      },
    },
    async () => runLedgerCheck(app.db, app.clock),
  );

  app.get(
    "/api/admin/members",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "Find members by username or e-mail prefix, or id (paged)",
        querystring: ZAdminMemberSearch,
        response: { 200: ZAdminMemberPage, ...errors },
      },
    },
    async (request) => searchMembers(app.db, request.query),
  );

  app.get(
    "/api/admin/members/:profileId",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "A member's profile, balances, activity, sessions, referrals, flags and audit",
        params: ZMemberParams,
        response: { 200: ZAdminMemberDetail, ...errors },
      },
    },
    async (request) => getMemberDetail(app.db, app.clock, request.params.profileId),
  );

  app.put(
    "/api/admin/members/:profileId/suspension",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "Suspend or reinstate a member (suspending revokes their sessions)",
        params: ZMemberParams,
        body: ZAdminSuspendRequest,
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return setMemberSuspended(
        app.db,
        app.clock,
        actor.profileId,
        request.params.profileId,
        request.body.suspended,
        { actorRole: actor.role, address: actor.address, reason: request.body.reason },
      );
    },
  );

  app.put(
    "/api/admin/members/:profileId/role",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "Change a member's role (never one's own; needs a recent step-up)",
        params: ZMemberParams,
        body: ZAdminRoleRequest,
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.profileId !== request.params.profileId) {
        await requireStepUp(app.db, app.clock, currentMember(request));
      }
      return changeMemberRole(
        app.db,
        actor.profileId,
        request.params.profileId,
        request.body.role,
        { actorRole: actor.role, address: actor.address, reason: request.body.reason },
      );
    },
  );

  app.post(
    "/api/admin/members/:profileId/sessions/revoke",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "Sign a member out everywhere",
        params: ZMemberParams,
        body: ZAdminReasonRequest,
        response: { 200: z.object({ revoked: z.number().int() }), ...errors },
      },
    },
    async (request) =>
      revokeMemberSessions(app.db, actorOf(request), request.params.profileId, request.body.reason),
  );

  app.get(
    "/api/admin/referrals/held",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "Referral rewards held for review, with their evidence (oldest first)",
        response: { 200: z.object({ referrals: z.array(ZHeldReferral) }), ...errors },
      },
    },
    async () => ({ referrals: await listHeldReferrals(app.db) }),
  );

  app.post(
    "/api/admin/referrals/:referralId/approve",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "Pay a held referral's rewards, once (Idempotency-Key; needs a recent step-up)",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        params: ZReferralParams,
        body: ZAdminReasonRequest,
        response: { 200: ZHeldReferralResult, ...errors },
      },
    },
    async (request, reply) => {
      const idem = idempotencyOf(request);
      await requireStepUp(app.db, app.clock, currentMember(request));
      const outcome = await approveHeldReferral(
        app.money,
        actorOf(request),
        request.params.referralId,
        request.body.reason,
        idem,
      );
      return sendOutcome(reply, outcome, outcome.result);
    },
  );

  app.post(
    "/api/admin/referrals/:referralId/reject",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "Reject a held referral with a reason (nothing is paid)",
        params: ZReferralParams,
        body: ZAdminReasonRequest,
        response: { 200: ZHeldReferralResult, ...errors },
      },
    },
    async (request) =>
      rejectReferral(app.db, actorOf(request), request.params.referralId, request.body.reason),
  );

  app.get(
    "/api/admin/withdrawals/awaiting-approval",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary:
          "Withdrawals waiting for the second approval (oldest first), with each member's history",
        response: { 200: ZPayoutApprovals, ...errors },
      },
    },
    async () => listPayoutApprovals(app.db),
  );

  app.post(
    "/api/admin/withdrawals/:requestId/approve",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary:
          "Give a withdrawal its second approval and pay it (never the member or its processor; Idempotency-Key; needs a recent step-up)",
        headers: idempotencyHeader,
        params: ZRequestParams,
        response: { 200: ZSupportRequest, ...errors },
      },
    },
    async (request, reply) => {
      const idem = idempotencyOf(request);
      const staff = currentMember(request);
      await requireStepUp(app.db, app.clock, staff);
      const { request: updated, replayed } = await approvePayout(
        app.money,
        app.clock,
        staff,
        request.ip,
        request.params.requestId,
        idem,
      );
      if (replayed) reply.header("idempotent-replayed", "true");
      return updated;
    },
  );

  app.post(
    "/api/admin/withdrawals/:requestId/reject",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary:
          "Reject a withdrawal awaiting the second approval with a reason: the full amount returns (Idempotency-Key; needs a recent step-up)",
        headers: idempotencyHeader,
        params: ZRequestParams,
        body: ZFailWithdrawalRequest,
        response: { 200: ZSupportRequest, ...errors },
      },
    },
    async (request, reply) => {
      const idem = idempotencyOf(request);
      const staff = currentMember(request);
      await requireStepUp(app.db, app.clock, staff);
      const { request: updated, replayed } = await rejectPayout(
        app.money,
        app.clock,
        staff,
        request.ip,
        request.params.requestId,
        request.body.reason,
        idem,
      );
      if (replayed) reply.header("idempotent-replayed", "true");
      return updated;
    },
  );

  app.get(
    "/api/admin/audit",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "Staff actions, newest first, filtered by actor, target and action (paged)",
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage, ...errors },
      },
    },
    async (request) => getAuditPage(app.db, request.query),
  );

  app.get(
    "/api/admin/audit.csv",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "The filtered audit log as CSV",
        querystring: ZAuditQuery.omit({ before: true }),
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="viewvault-audit.csv"')
        .send(auditCsv(app.db, request.query)),
  );

  app.get(
    "/api/admin/step-up",
    {
      ...admin,
      schema: {
        tags: ["admin"],
        summary: "This session's last password or 2FA confirmation, while still valid",
        response: { 200: z.object({ stepUp: ZStepUpState.nullable() }), ...errors },
      },
    },
    async (request) => ({
      stepUp: await stepUpState(app.db, app.clock, currentMember(request)),
    }),
  );

  app.post(
    "/api/admin/step-up",
    {
      ...admin,
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ["admin"],
        summary: "Confirm the password or a 2FA code for the next few minutes of admin actions",
        body: ZStepUpRequest,
        response: { 200: ZStepUpState, ...errors },
      },
    },
    async (request) =>
      confirmStepUp(app.db, opts.authSecret, app.clock, currentMember(request), request.body),
  );
};
