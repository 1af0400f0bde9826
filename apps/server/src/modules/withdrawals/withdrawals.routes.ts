import {
  ZCreateWithdrawalRequest,
  ZErrorResponse,
  ZWithdrawalOverview,
  ZWithdrawalResult,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { moneyRoute } from "../idempotency/money-route";
import { payoutExplorerUrl } from "../payouts/payouts.service";
import { cancelWithdrawal, getWithdrawalOverview, requestWithdrawal } from "./withdrawals.service";

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

export const withdrawalsRoutes: FastifyPluginAsyncZod<{ authSecret: string }> = async (
  app,
  opts,
) => {
  app.get(
    "/api/withdrawals",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["money"],
        summary: "Balances, the member's withdrawals (newest first), daily limit and payout wallet",
        response: { 200: ZWithdrawalOverview, 401: ZErrorResponse },
      },
    },
    async (request) =>
      getWithdrawalOverview(app.db, app.clock, currentMember(request), (network, txHash) =>
        payoutExplorerUrl(app.payouts, network, txHash),
      ),
  );

  app.post(
    "/api/withdrawals",
    {
      onRequest: app.requireMember,
      // Each attempt checks a password: as strict as sign-in.
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ["money"],
        summary:
          "Request a USDT withdrawal (password or 2FA code; Idempotency-Key supported); the amount moves to escrow",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        body: ZCreateWithdrawalRequest,
        response: { 201: ZWithdrawalResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        requestWithdrawal({
          money: app.money,
          clock: app.clock,
          authSecret: opts.authSecret,
          supportEmail: app.supportEmail,
          member: currentMember(request),
          request: request.body,
          idem,
        }),
      ),
  );

  app.post(
    "/api/withdrawals/:withdrawalId/cancel",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["money"],
        summary:
          "Cancel one of the member's withdrawals that no staff member has taken yet (Idempotency-Key supported); the amount returns from escrow",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        params: z.object({ withdrawalId: z.uuid() }),
        response: { 200: ZWithdrawalResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        cancelWithdrawal({
          money: app.money,
          clock: app.clock,
          member: currentMember(request),
          ip: request.ip,
          withdrawalId: request.params.withdrawalId,
          idem,
        }),
      ),
  );
};
