import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { AppError, defaultMessage, type FieldError } from "../lib/app-error";

/**
 * One error handler for the whole server: AppError codes map to status + message; schema
 * validation failures become 400 with the invalid fields; anything else is a 5xx that never
 * leaks internals (the request id ties it to the log line).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, "request failed");
      return reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split("/").filter(Boolean)]
          .filter(Boolean)
          .join("."),
        message: issue.message ?? "Invalid value",
      }));
      return reply
        .status(400)
        .send({ code: "VALIDATION_FAILED", message: defaultMessage("VALIDATION_FAILED"), fields });
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its contract");
      return reply.status(500).send({ code: "INTERNAL", message: defaultMessage("INTERNAL") });
    }

    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: "RATE_LIMITED", message: defaultMessage("RATE_LIMITED") });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      const code =
        status === 404 ? "NOT_FOUND" : status === 403 ? "FORBIDDEN" : "VALIDATION_FAILED";
      return reply.status(status).send({ code, message: fastifyError.message });
    }

    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ code: "INTERNAL", message: defaultMessage("INTERNAL") });
  });
});
