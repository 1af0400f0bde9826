import { ZErrorResponse } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The Fastify instance route files register on (zod type provider). */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** The error answers every staff (admin console) route documents. */
export const staffErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
