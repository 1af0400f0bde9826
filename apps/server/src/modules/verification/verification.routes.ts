import { ZErrorResponse, ZVerifyAccountResult } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { moneyRoute } from "../idempotency/money-route";
import { verifyAccount } from "./verification.service";

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/me/verify",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["accounts"],
        summary: "Verify the account for 1,000 views (Idempotency-Key supported)",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        response: {
          200: ZVerifyAccountResult,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        verifyAccount(app.money, app.clock, currentMember(request).profile.id, idem),
      ),
  );
};
