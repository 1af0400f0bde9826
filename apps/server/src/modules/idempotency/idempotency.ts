import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { claimKey, findKey, storeResponse } from "./idempotency.repository";

const KEY_RE = /^[\w.:-]{8,100}$/;

/**
 * Runs a money-moving handler in one database transaction, honouring the `Idempotency-Key`
 * header: the first request's response is stored with its effect, a replay with the same body
 * gets those exact bytes back and moves nothing, the same key with another body is refused, and
 * a concurrent duplicate waits for the first and then replays it.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  profileId: string,
  run: (tx: Tx) => Promise<T>,
  status = 200,
): Promise<FastifyReply> {
  const header = request.headers["idempotency-key"];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && !KEY_RE.test(key)) {
    throw new AppError(
      "VALIDATION_FAILED",
      "Idempotency-Key must be 8–100 letters, digits, dots, colons, dashes or underscores",
      {
        fields: [{ path: "headers.idempotency-key", message: "Invalid Idempotency-Key" }],
      },
    );
  }
  const route = `${request.method} ${request.routeOptions.url}`;
  const requestHash = createHash("sha256")
    .update(`${route}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");

  const outcome = await db.transaction(async (tx) => {
    if (key !== undefined && !(await claimKey(tx, { profileId, key, route, requestHash }))) {
      const existing = await findKey(tx, profileId, key);
      if (!existing || existing.requestHash !== requestHash)
        throw new AppError("IDEMPOTENCY_KEY_REUSED");
      if (existing.responseStatus === null || existing.responseBody === null) {
        throw new AppError(
          "CONFLICT",
          "The first request with this Idempotency-Key is still running.",
        );
      }
      return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
    }
    const body = JSON.stringify(await run(tx));
    if (key !== undefined) await storeResponse(tx, profileId, key, status, body);
    return { status, body, replayed: false };
  });

  if (outcome.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(outcome.status).type("application/json; charset=utf-8").send(outcome.body);
}
