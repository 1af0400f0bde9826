import type { FastifyReply, FastifyRequest } from "fastify";
import type { CommandOutcome } from "../ledger/money-command";
import { type Idempotency, idempotencyOf, sendOutcome } from "./idempotency";

/** What must hold before a money route runs its service (a recent step-up, for staff). */
export type RouteGuard = (request: FastifyRequest) => Promise<void>;

/**
 * The body of a money route's handler: read the `Idempotency-Key` (a malformed one is refused
 * first), run the guard when the action needs one, call the service with the key, and answer
 * with the command's status, `idempotent-replayed` on a replay, and its result. A money route is
 * then its contract, its guard and its service call:
 *
 *   async (request, reply) => moneyRoute(request, reply, (idem) => pay(…, idem), stepUp)
 */
export async function moneyRoute<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (idem: Idempotency) => Promise<CommandOutcome<T>>,
  guard?: RouteGuard,
) {
  const idem = idempotencyOf(request);
  if (guard) await guard(request);
  const outcome = await run(idem);
  return sendOutcome(reply, outcome, outcome.result);
}
