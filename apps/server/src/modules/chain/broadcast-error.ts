import type { BroadcastRefusal } from "./chain.types";

/** A node refused a signed transaction (HotWallet.broadcast); `reason` says why. */
export class BroadcastError extends Error {
  constructor(
    readonly reason: BroadcastRefusal,
    message: string,
  ) {
    super(message);
    this.name = "BroadcastError";
  }
}

/**
 * Sorts a node's refusal message (geth, erigon, anvil, BSC's geth fork word them alike) into a
 * BroadcastRefusal; null when it does not look like a refusal (a network failure).
 */
export function broadcastRefusal(message: string): BroadcastRefusal | null {
  if (/nonce too low|nonce has already been used|already used nonce/i.test(message)) {
    return "NONCE_USED";
  }
  if (/underpriced|fee too low|max fee per gas less than block base fee/i.test(message)) {
    return "UNDERPRICED";
  }
  if (/insufficient funds/i.test(message)) return "INSUFFICIENT_FUNDS";
  if (/fetch failed|ECONNREFUSED|ECONNRESET|timed? ?out|HTTP request failed/i.test(message)) {
    return null;
  }
  return "REJECTED";
}
