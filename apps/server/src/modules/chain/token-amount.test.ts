import { describe, expect, it } from "vitest";
import { microToTokenUnits, tokenUnitsToMicro, tokenUnitsToMicroFloor } from "./token-amount";

describe("token amounts ↔ micro-USDT", () => {
  it("ERC20 and TRC20 (6 decimals): 1.5 USDT is 1,500,000 units both ways", () => {
    expect(microToTokenUnits(1_500_000n, 6)).toBe(1_500_000n);
    expect(tokenUnitsToMicro(1_500_000n, 6)).toBe(1_500_000n);
  });

  it("BEP20 (18 decimals): 1.5 USDT is 1.5e18 units both ways", () => {
    expect(microToTokenUnits(1_500_000n, 18)).toBe(1_500_000_000_000_000_000n);
    expect(tokenUnitsToMicro(1_500_000_000_000_000_000n, 18)).toBe(1_500_000n);
  });

  it("refuses dust on 18 decimals instead of rounding it", () => {
    expect(tokenUnitsToMicro(1_500_000_000_000_000_001n, 18)).toBeNull();
    expect(tokenUnitsToMicro(999_999_999_999n, 18)).toBeNull();
    expect(tokenUnitsToMicroFloor(1_500_000_999_999_999_999n, 18)).toBe(1_500_000n);
  });

  it("handles a token with fewer than 6 decimals exactly", () => {
    expect(tokenUnitsToMicro(150n, 2)).toBe(1_500_000n);
    expect(microToTokenUnits(1_500_000n, 2)).toBe(150n);
    expect(() => microToTokenUnits(1_500_001n, 2)).toThrow(RangeError);
  });
});
