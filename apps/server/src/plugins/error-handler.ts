import type { ErrorCode, Locale, MessageParams } from "@viewvault/shared";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { isDatabaseUnreachable } from "../db/client";
import { AppError, type FieldError, renderError } from "../lib/app-error";
import { hasKey, requestLocale, translator } from "../lib/i18n";

declare module "fastify" {
  interface FastifyRequest {
    /** The error catalogue's code this request was answered with (for the money audit line). */
    problemCode?: ErrorCode;
  }
}

/** The member's language, else the browser's (cookie, Accept-Language). */
function localeOf(request: FastifyRequest): Locale {
  return (
    request.member?.profile.locale ??
    requestLocale(request.headers.cookie, request.headers["accept-language"])
  );
}

/** A zod field message is a locale key of the contract; anything else reads "not valid". */
function fieldMessage(message: string | undefined, locale: Locale): string {
  const t = translator(locale);
  return message?.startsWith("errors:") && hasKey(message)
    ? t(message)
    : t("errors:validation.invalid");
}

/**
 * One error handler for the whole server: an AppError's code maps to its status and its message
 * is rendered from the locale files in the member's language; schema validation failures become
 * 400 with the invalid fields; anything else is a 5xx that never leaks internals (the request id
 * ties it to the log line).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("problemCode", undefined);
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const locale = localeOf(request);
    const send = (
      status: number,
      code: ErrorCode,
      params?: MessageParams,
      extra?: { field?: string | undefined; fields?: FieldError[] | undefined },
    ) => {
      request.problemCode = code;
      // A 503 is a moment (a restart, a failover): tell clients when to retry (with the same key).
      if (status === 503) reply.header("retry-after", RETRY_AFTER_SECONDS);
      return reply.status(status).send({
        code,
        message: renderError(code, params, locale),
        ...(params ? { params } : {}),
        ...(extra?.field ? { field: extra.field } : {}),
        ...(extra?.fields ? { fields: extra.fields } : {}),
      });
    };

    if (error instanceof AppError) {
      // Unavailable (draining, database down) is a state the health checks report, not a bug.
      if (error.code === "SERVICE_UNAVAILABLE")
        request.log.warn({ code: error.code, params: error.params }, "service unavailable");
      else if (error.status >= 500) request.log.error({ err: error }, "request failed");
      return send(error.status, error.code, error.params, error);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split("/").filter(Boolean)]
          .filter(Boolean)
          .join("."),
        message: fieldMessage(issue.message, locale),
      }));
      return send(400, "VALIDATION_FAILED", undefined, { fields });
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its contract");
      return send(500, "INTERNAL");
    }

    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) return send(429, "RATE_LIMITED");
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return send(
        status,
        status === 404 ? "NOT_FOUND" : status === 403 ? "FORBIDDEN" : "VALIDATION_FAILED",
      );
    }

    if (isDatabaseUnreachable(error)) {
      // The database is down or restarting (ADR 033): retry shortly, with the same key.
      request.log.warn({ err: error }, "database unreachable");
      return send(503, "SERVICE_UNAVAILABLE", { context: "database" });
    }

    request.log.error({ err: error }, "unhandled error");
    return send(500, "INTERNAL");
  });
});

/** Seconds a 503 asks the client to wait: about one Patroni loop (deploy/ha.ts, ADR 049). */
const RETRY_AFTER_SECONDS = "2";

export { isDatabaseUnreachable };
