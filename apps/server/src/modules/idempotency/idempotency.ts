import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error";
import { isWellFormedKey } from "../../lib/idempotency-key";
import type { CommandOutcome } from "../ledger/money-command";

/** A money request's `Idempotency-Key`, and the fingerprint of the request it belongs to. */
export interface Idempotency {
  key: string | null;
  route: string;
  hash: string;
}

/**
 * Reads the `Idempotency-Key` header. The fingerprint covers the method, the full path with its
 * parameters and query, and the body (the key belongs to the member): the money command stores
 * its result under the key in the same statement as the effect, replays that result for the same
 * request, and refuses the key on another path or body (422 IDEMPOTENCY_KEY_REUSED).
 */
export function idempotencyOf(request: FastifyRequest): Idempotency {
  const header = request.headers["idempotency-key"];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && !isWellFormedKey(key)) {
    throw new AppError(
      "VALIDATION_FAILED",
      { context: "idempotencyKey" },
      { field: "headers.idempotency-key" },
    );
  }
  const route = `${request.method} ${request.url}`;
  const hash = createHash("sha256")
    .update(`${route}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
  return { key: key ?? null, route, hash };
}

/** The `idempotent-replayed` header, on an answer that replays a command's first one. */
export function markReplayed(reply: FastifyReply, replayed: boolean): void {
  if (replayed) reply.header("idempotent-replayed", "true");
}

/** Answers a money command: its status, the `idempotent-replayed` header on a replay, the body. */
export function sendOutcome<T>(reply: FastifyReply, outcome: CommandOutcome<unknown>, body: T) {
  markReplayed(reply, outcome.replayed);
  return reply.status(outcome.status).send(body);
}
