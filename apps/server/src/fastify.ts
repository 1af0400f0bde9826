import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Env, TrustProxy } from "./config/env";

export interface FastifyOptions {
  env: Env;
  /** Set false in tests that do not want pino output. */
  logger?: boolean | undefined;
  /** Where pino writes (tests read the log lines); stdout by default. */
  logStream?: { write(line: string): void } | undefined;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes "the first n hops from the socket",
 * so request.ip is the entry the outermost trusted proxy appended (Fastify itself now trusts
 * nothing for a bare number); a list of proxy addresses/CIDRs is passed as it is.
 */
export function trustProxyOption(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === "number") {
    const hops = value;
    return hops > 0 ? (_address, hop) => hop < hops : false;
  }
  return value;
}

/** Fastify with our logger (secrets redacted), request ids, proxy trust and zod schemas. */
export function createFastify(deps: FastifyOptions) {
  const { env } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            redact: [
              "req.headers.cookie",
              "req.headers.authorization",
              'res.headers["set-cookie"]',
            ],
          },
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The response's x-request-id is set with the security headers (plugins/security.ts).
  return app;
}
