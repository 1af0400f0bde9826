import { describe, expect, it } from "vitest";
import { CRYPTO_LAUNCH } from "./constants";
import { CRYPTO_LAUNCH_AT, cryptoEstimate, launchCountdown } from "./crypto-launch";

describe("views-to-crypto countdown", () => {
  it("launches at midnight UTC of the stated date (12 December 2026)", () => {
    expect(CRYPTO_LAUNCH.date).toBe("2026-12-12");
    expect(new Date(CRYPTO_LAUNCH_AT).toISOString()).toBe("2026-12-12T00:00:00.000Z");
  });

  it("counts days, hours, minutes and seconds down to the launch", () => {
    const now = Date.parse("2026-11-23T01:02:03Z");
    expect(launchCountdown(now)).toEqual({
      passed: false,
      days: 18,
      hours: 22,
      minutes: 57,
      seconds: 57,
    });
    expect(launchCountdown(CRYPTO_LAUNCH_AT - 1_000)).toEqual({
      passed: false,
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
    });
  });

  it("says the date has passed instead of counting negative time", () => {
    expect(launchCountdown(CRYPTO_LAUNCH_AT)).toEqual({ passed: true });
    expect(launchCountdown(CRYPTO_LAUNCH_AT + 86_400_000 * 400)).toEqual({ passed: true });
  });

  it("estimates views × 0.1 exactly", () => {
    expect(cryptoEstimate(2_500n)).toBe("250.0");
    expect(cryptoEstimate(7n)).toBe("0.7");
    expect(cryptoEstimate(0n)).toBe("0.0");
    expect(cryptoEstimate(1_000_000_000_001n)).toBe("100000000000.1");
  });
});
