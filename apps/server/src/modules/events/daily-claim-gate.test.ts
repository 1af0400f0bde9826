import { describe, expect, it } from "vitest";
import { type Admission, createDailyClaimGate } from "./daily-claim-gate";

const admitted = (a: Admission) => {
  if (a === "tooLate") throw new Error("expected a turn");
  return a;
};
const settled = async <T>(p: Promise<T>) => {
  let value: T | "pending" = "pending";
  void p.then((v) => {
    value = v;
  });
  await new Promise((r) => setImmediate(r));
  return value;
};

describe("the Daily First Claim gate", () => {
  it("lets at most `limit` claims reach the database while the winner is unknown", async () => {
    const gate = createDailyClaimGate(2);
    const a = admitted(await gate.admit("2026-11-22", "a"));
    admitted(await gate.admit("2026-11-22", "b"));
    const third = gate.admit("2026-11-22", "c");
    expect(await settled(third)).toBe("pending");
    a.done();
    a.done(); // a second call frees nothing more
    expect(await settled(third)).not.toBe("tooLate");
    const fourth = gate.admit("2026-11-22", "d");
    expect(await settled(fourth)).toBe("pending");
  });

  it("answers everyone but the winner Too Late once the winner is committed, waiting ones too", async () => {
    const gate = createDailyClaimGate(1);
    const first = admitted(await gate.admit("2026-11-22", "a"));
    const waiting = gate.admit("2026-11-22", "b");
    expect(await settled(waiting)).toBe("pending");
    gate.remember("2026-11-22", "a");
    expect(await settled(waiting)).toBe("tooLate");
    expect(await gate.admit("2026-11-22", "c")).toBe("tooLate");
    // the winner's own retry (an idempotent replay) still reaches the database
    expect(await gate.admit("2026-11-22", "a")).not.toBe("tooLate");
    first.done();
    expect(gate.winnerOf("2026-11-22")).toBe("a");
  });

  it("knows nothing about the next Los Angeles date", async () => {
    const gate = createDailyClaimGate(1);
    gate.remember("2026-11-22", "a");
    expect(gate.winnerOf("2026-11-23")).toBeUndefined();
    const turn = admitted(await gate.admit("2026-11-23", "b"));
    turn.done();
    gate.remember("2026-11-23", "b");
    expect(await gate.admit("2026-11-23", "a")).toBe("tooLate");
    expect(gate.winnerOf("2026-11-22")).toBeUndefined();
  });
});
