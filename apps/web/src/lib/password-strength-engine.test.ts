import { describe, expect, it } from "vitest";
import { WEAKEST_REFUSED_SCORE } from "./password-strength";
import { score } from "./password-strength-engine";

describe("password strength", () => {
  it("refuses the guessable, in English and Portuguese, and the member's own name", () => {
    for (const weak of ["password1", "senha123", "flamengo", "qwerty123", "aaaaaaa"]) {
      expect(score(weak, []), weak).toBeLessThanOrEqual(WEAKEST_REFUSED_SCORE);
    }
    expect(score("marianasilva", ["marianasilva"])).toBeLessThanOrEqual(WEAKEST_REFUSED_SCORE);
  });

  it("accepts a passphrase", () => {
    expect(score("violet-lantern-42-orbit", [])).toBeGreaterThan(WEAKEST_REFUSED_SCORE);
  });
});
