import { ZErrorResponse, ZPasskeyStepUpChallenge, ZPasskeyStepUpRequest } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { issuePasskeyChallenge, type PasskeyRp } from "./passkey-step-up.service";

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

/**
 * A passkey challenge for one sensitive action (ADR 074): the withdrawal, the payout wallet or the
 * staff action the member is about to confirm. The request that performs the action carries the
 * signed answer; the challenge is spent there.
 */
export const passkeyStepUpRoutes: FastifyPluginAsyncZod<{ rp: PasskeyRp }> = async (app, opts) => {
  app.post(
    "/api/me/step-up/passkey",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ["accounts"],
        summary: "A single-use passkey challenge bound to one action (withdrawal, wallet, staff)",
        body: ZPasskeyStepUpRequest,
        response: { 200: ZPasskeyStepUpChallenge, ...errors },
      },
    },
    async (request) =>
      issuePasskeyChallenge(
        app.db,
        app.clock,
        opts.rp,
        currentMember(request),
        request.body.action,
      ),
  );
};
