import { describe, expect, it } from "vitest";
import { recipientRef, transferProblem } from "./transfer-checks";

const me = { id: "8f7c2a3e-1111-4222-8333-944455556666", username: "Alice" };
const balances = { views: 500n, usdt: 250_000_000n };
const check = (input: Partial<Parameters<typeof transferProblem>[0]>, b = balances) =>
  transferProblem(
    { transferType: "VIEWS", amount: "150", recipient: "bruno", ...input },
    {
      balances: b,
      me,
    },
  );

describe("transferProblem", () => {
  it("runs the seeds' checks in the seeds' order", () => {
    expect(check({ amount: "", recipient: "" })?.code).toBe("INVALID_AMOUNT");
    expect(check({ amount: "abc" })?.code).toBe("INVALID_AMOUNT");
    expect(check({ amount: "99", recipient: "" })).toEqual({
      code: "BELOW_MINIMUM",
      field: "amount",
      params: { context: "transferViews", min: "100" },
    });
    expect(check({ transferType: "USDT", amount: "99.99" })?.params).toEqual({
      context: "transferUsdt",
      min: "100",
    });
    expect(check({ amount: "501", recipient: "" })).toEqual({
      code: "INSUFFICIENT_BALANCE",
      field: "amount",
      params: { context: "transferViews" },
    });
    expect(check({ recipient: "  " })?.code).toBe("RECIPIENT_REQUIRED");
    expect(check({ recipient: "@alice" })?.code).toBe("SELF_TRANSFER");
    expect(check({ recipient: me.id.toUpperCase() })?.code).toBe("SELF_TRANSFER");
    expect(check({})).toBeNull();
  });

  it("leaves the balance to the ledger when it is not known (the server)", () => {
    expect(check({ amount: "100000" }, null as never)).toBeNull();
  });
});

describe("recipientRef (the seeds' recipient rule, ADR 043)", () => {
  it("reads a value without a hyphen as a username, after trimming and the @", () => {
    expect(recipientRef("  @Bruno ")).toEqual({ username: "Bruno" });
    expect(recipientRef("bruno_1")).toEqual({ username: "bruno_1" });
  });

  it("reads a value with a hyphen as a profile id, lower-cased", () => {
    expect(recipientRef(" 8F7C2A3E-1111-4222-8333-944455556666")).toEqual({
      id: "8f7c2a3e-1111-4222-8333-944455556666",
    });
  });

  it("names no one with a hyphen that is not a UUID", () => {
    expect(recipientRef("bru-no")).toBeNull();
    expect(recipientRef("8f7c2a3e-1111-4222-8333")).toBeNull();
  });
});
