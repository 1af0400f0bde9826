import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { AMOUNT_LIMITS_TEXT, PRODUCT_NAME } from "@viewvault/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** OpenAPI 3.1 generated from the zod contracts of the routes, and interactive docs. */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${PRODUCT_NAME} API`,
        description: `The HTTP API behind the ${PRODUCT_NAME} web app. Every money-moving endpoint accepts an Idempotency-Key header. Amounts are ${AMOUNT_LIMITS_TEXT} (INVALID_AMOUNT above that). Strings and paths must not contain NUL characters, and JSON bodies may nest at most 32 levels (400 VALIDATION_FAILED).`,
        version: "1.0.0",
      },
      servers: [{ url: opts.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
});
