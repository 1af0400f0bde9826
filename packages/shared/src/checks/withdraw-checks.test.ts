import { describe, expect, it } from "vitest";
import { withdrawProblem } from "./withdraw-checks";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const USDT = (n: number) => BigInt(n) * 1_000_000n;
const now = new Date("2026-11-20T12:00:00Z");
const form = { amount: "100", network: "TRC20" as const, walletAddress: TRON };

describe("withdrawProblem with what the page shows (today's use, the new-wallet hold)", () => {
  it("refuses over the daily limit before the password is asked, with the server's problem", () => {
    const limits = { usedToday: USDT(100), dailyLimit: USDT(100), walletHeldUntil: null, now };
    expect(withdrawProblem(form, { usdt: USDT(500), limits })).toEqual({
      code: "DAILY_LIMIT_REACHED",
      field: "amount",
      params: { context: "withdrawal", limit: "100", remaining: "0" },
    });
    const partly = { ...limits, usedToday: USDT(4_850), dailyLimit: USDT(5_000) };
    expect(
      withdrawProblem({ ...form, amount: "200" }, { usdt: USDT(500), limits: partly }),
    ).toMatchObject({ params: { limit: "5000", remaining: "150" } });
    expect(withdrawProblem(form, { usdt: USDT(500), limits: partly })).toBeNull();
  });

  it("refuses a payout wallet still on hold first, as vv_withdraw_request does", () => {
    const held = new Date("2026-11-21T00:00:00Z");
    const limits = { usedToday: USDT(100), dailyLimit: USDT(100), walletHeldUntil: held, now };
    expect(withdrawProblem(form, { usdt: USDT(500), limits })).toEqual({
      code: "WALLET_ADDRESS_TOO_NEW",
      field: "walletAddress",
      params: { hours: 24 },
    });
    const later = { ...limits, usedToday: 0n, now: new Date("2026-11-21T00:00:01Z") };
    expect(withdrawProblem(form, { usdt: USDT(500), limits: later })).toBeNull();
  });

  it("checks the form's fields first, and nothing more without limits", () => {
    const limits = { usedToday: USDT(100), dailyLimit: USDT(100), walletHeldUntil: null, now };
    expect(withdrawProblem({ ...form, amount: "50" }, { usdt: USDT(500), limits })?.code).toBe(
      "BELOW_MINIMUM",
    );
    expect(withdrawProblem(form, { usdt: USDT(500) })).toBeNull();
  });
});
