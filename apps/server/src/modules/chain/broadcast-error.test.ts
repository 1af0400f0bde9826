import { describe, expect, it } from "vitest";
import { broadcastRefusal } from "./broadcast-error";

describe("broadcastRefusal (what a node's refusal means)", () => {
  it.each([
    ["nonce too low", "NONCE_USED"],
    ["nonce too low: next nonce 7, tx nonce 5", "NONCE_USED"],
    ["replacement transaction underpriced", "UNDERPRICED"],
    ["transaction underpriced: tip needed 1, tip permitted 0", "UNDERPRICED"],
    ["max fee per gas less than block base fee", "UNDERPRICED"],
    ["insufficient funds for gas * price + value", "INSUFFICIENT_FUNDS"],
    ["invalid sender", "REJECTED"],
    ["fetch failed", null],
    ["The request took too long to respond. timed out", null],
  ])("%s → %s", (message, reason) => {
    expect(broadcastRefusal(message)).toBe(reason);
  });
});
