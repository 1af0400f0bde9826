import { describe, expect, it } from "vitest";
import { problemFromCode, transferProblem } from "./transfer-validation";

const context = {
  balances: { views: 1_000n, usdt: 500_000_000n },
  me: { id: "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f", username: "alice" },
};
const check = (transferType: "VIEWS" | "USDT", amount: string, recipient: string) =>
  transferProblem({ transferType, amount, recipient }, context)?.key ?? null;

describe("transferProblem (the seeds' order)", () => {
  it("checks the amount first: required and numeric, minimum, balance", () => {
    // Everything is wrong: the amount is reported first.
    expect(check("VIEWS", "", "")).toBe("invalidAmount");
    expect(check("VIEWS", "abc", "")).toBe("invalidAmount");
    expect(check("VIEWS", "0", "")).toBe("invalidAmount");
    expect(check("VIEWS", "99", "")).toBe("minimumViews");
    expect(check("USDT", "99.99", "")).toBe("minimumUsdt");
    expect(check("VIEWS", "1001", "")).toBe("insufficientViews");
    expect(check("USDT", "500.01", "")).toBe("insufficientUsdt");
  });

  it("then the recipient: required, not yourself", () => {
    expect(check("VIEWS", "100", "  ")).toBe("recipientRequired");
    expect(check("VIEWS", "100", "@Alice")).toBe("selfTransfer");
    expect(check("VIEWS", "100", context.me.id)).toBe("selfTransfer");
    expect(check("USDT", "100", "bob")).toBeNull();
    expect(check("VIEWS", "1000", "bob")).toBeNull();
  });

  it("maps the server's codes to the same messages", () => {
    expect(problemFromCode("BELOW_MINIMUM", "USDT")?.key).toBe("minimumUsdt");
    expect(problemFromCode("INSUFFICIENT_BALANCE", "VIEWS")?.key).toBe("insufficientViews");
    expect(problemFromCode("RECIPIENT_NOT_FOUND", "VIEWS")?.key).toBe("recipientNotFound");
    expect(
      problemFromCode("VALIDATION_FAILED", "VIEWS", [{ message: "Please enter recipient ID" }])
        ?.key,
    ).toBe("recipientRequired");
    expect(problemFromCode("INTERNAL", "VIEWS")).toBeNull();
  });
});
