import { ZErrorResponse, ZHealthResponse } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";

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
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        throw new AppError("SERVICE_UNAVAILABLE", "The database does not answer.");
      }
      return { status: "ok" as const };
    },
  );
};
