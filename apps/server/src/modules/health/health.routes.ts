import { ZErrorResponse, ZHealthResponse } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkHealth } from "./health.service";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["platform"],
        summary: "Liveness and database check",
        response: { 200: ZHealthResponse, 503: ZErrorResponse },
      },
    },
    async () => checkHealth(app.db),
  );
};
