import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { isWellFormedKey } from "../lib/idempotency-key";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A money request: one audit line per request (set for routes taking an Idempotency-Key). */
    money?: boolean;
  }
}

/** A route that moves money: it declares the Idempotency-Key header, or says so in its config. */
export function isMoneyRoute(route: Pick<RouteOptions, "schema" | "config">): boolean {
  if ((route.config as { money?: boolean } | undefined)?.money) return true;
  const headers = route.schema?.headers as { shape?: Record<string, unknown> } | undefined;
  return headers?.shape !== undefined && "idempotency-key" in headers.shape;
}

/** The fields of a money request's audit line (no e-mail, name, address or wallet; ids only). */
export interface MoneyAuditLine {
  audit: "money";
  /** The member's profile id, or null when the request was not signed in. */
  member: string | null;
  /** The route pattern, e.g. `POST /api/transfers`. */
  command: string;
  idempotencyKey: string | null;
  status: number;
  /** The error catalogue's code when the request was refused or failed. */
  code: string | null;
  replayed: boolean;
  durationMs: number;
}

/**
 * One structured log line per money request, when its answer has been sent: who (member id),
 * what (the route pattern, never the raw URL), the Idempotency-Key, the result (status, error
 * code, whether it was a replay) and how long it took. Bodies, e-mails, names, client addresses
 * and wallet addresses are never part of it.
 */
export const moneyAuditPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRoute", (route) => {
    if (isMoneyRoute(route)) route.config = { ...(route.config ?? {}), money: true };
  });

  app.addHook("onResponse", (request, reply, done) => {
    if (!request.routeOptions.config.money) {
      done();
      return;
    }
    const header = request.headers["idempotency-key"];
    const key = Array.isArray(header) ? header[0] : header;
    const line: MoneyAuditLine = {
      audit: "money",
      member: request.member?.profile.id ?? null,
      command: `${request.method} ${request.routeOptions.url}`,
      idempotencyKey: key === undefined ? null : isWellFormedKey(key) ? key : "invalid",
      status: reply.statusCode,
      code: request.problemCode ?? null,
      replayed: reply.getHeader("idempotent-replayed") === "true",
      durationMs: Math.round(reply.elapsedTime),
    };
    request.log.info(line, "money request");
    done();
  });
});
