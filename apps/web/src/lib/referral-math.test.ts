import { describe, expect, it } from "vitest";
import { badgeFor, monthlyCommission, nextBadge, signupViews } from "./referral-math";

describe("referral math", () => {
  it("awards Silver at 10, Gold at 50 and Diamond at 100", () => {
    expect(badgeFor(9)).toBeNull();
    expect(badgeFor(10)).toBe("silver");
    expect(badgeFor(50)).toBe("gold");
    expect(badgeFor(100)).toBe("diamond");
  });

  it("tracks progress to the next badge", () => {
    expect(nextBadge(0)).toEqual({ id: "silver", min: 10, remaining: 10, percent: 0 });
    expect(nextBadge(30)).toEqual({ id: "gold", min: 50, remaining: 20, percent: 50 });
    expect(nextBadge(100)).toBeNull();
  });

  it("computes sign-up views and 1 % commission in bigint", () => {
    expect(signupViews(50)).toBe(50n);
    expect(monthlyCommission(10, "100")).toEqual({ perReferral: 1_000_000n, total: 10_000_000n });
    expect(monthlyCommission(100, "12,34")).toEqual({ perReferral: 123_400n, total: 12_340_000n });
    expect(monthlyCommission(10, "abc")).toBeNull();
  });
});
