import { ZErrorResponse, ZHealthResponse } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkHealth } from "./health.service";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["platform"],
        summary: "Readiness: the database answers and the instance is not draining",
        response: { 200: ZHealthResponse, 503: ZErrorResponse },
      },
    },
    async () => checkHealth(app.db, app.lifecycle.draining),
  );
};
