import { ZTransparency } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TransparencyCache } from "./transparency.service";

export const transparencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new TransparencyCache();
  app.get(
    "/api/transparency",
    {
      schema: {
        tags: ["transparency"],
        summary:
          "Platform totals from the ledger (issued, in circulation, in escrow, paid out per network) and the last 90 days of issuance and payouts; at most a minute old",
        response: { 200: ZTransparency },
      },
    },
    async () => cache.get(app.readDb, app.clock),
  );
};
