import { describe, expect, it } from "vitest";
import {
  annualSchedule,
  dailyDateOf,
  dailyOpeningOf,
  dailySchedule,
  nextDate,
  secondsUntil,
} from "./events";

const at = (iso: string) => new Date(iso);

describe("Daily First Claim calendar (13:00 America/Los_Angeles)", () => {
  it("opens at 20:00 UTC in summer time and 21:00 UTC in winter time", () => {
    expect(dailyOpeningOf("2026-07-01").toISOString()).toBe("2026-07-01T20:00:00.000Z");
    expect(dailyOpeningOf("2026-01-15").toISOString()).toBe("2026-01-15T21:00:00.000Z");
  });

  it("on 8 March 2026 (clocks go forward at 02:00) opens at 13:00 PDT = 20:00 UTC", () => {
    expect(dailyOpeningOf("2026-03-08").toISOString()).toBe("2026-03-08T20:00:00.000Z");
    // 12:59:59 PDT: not yet open
    const before = dailySchedule(at("2026-03-08T19:59:59Z"));
    expect(before).toMatchObject({ date: "2026-03-08", open: false });
    expect(secondsUntil(before.opensAt, at("2026-03-08T19:59:59Z"))).toBe(1);
    // 13:00:00 PDT: open
    expect(dailySchedule(at("2026-03-08T20:00:00Z"))).toMatchObject({
      date: "2026-03-08",
      open: true,
    });
    // the day before was still winter time
    expect(dailyOpeningOf("2026-03-07").toISOString()).toBe("2026-03-07T21:00:00.000Z");
  });

  it("on 1 November 2026 (clocks go back at 02:00) opens at 13:00 PST = 21:00 UTC", () => {
    expect(dailyOpeningOf("2026-11-01").toISOString()).toBe("2026-11-01T21:00:00.000Z");
    expect(dailySchedule(at("2026-11-01T20:59:59Z"))).toMatchObject({
      date: "2026-11-01",
      open: false,
    });
    expect(dailySchedule(at("2026-11-01T21:00:00Z"))).toMatchObject({
      date: "2026-11-01",
      open: true,
    });
    // a fixed 21:00 UTC would have been wrong the day before (still summer time)
    expect(dailyOpeningOf("2026-10-31").toISOString()).toBe("2026-10-31T20:00:00.000Z");
  });

  it("a date belongs to Los Angeles: 07:59 UTC is still the previous day there", () => {
    expect(dailyDateOf(at("2026-11-23T07:59:59Z"))).toBe("2026-11-22");
    expect(dailyDateOf(at("2026-11-23T08:00:00Z"))).toBe("2026-11-23");
    const s = dailySchedule(at("2026-11-22T23:00:00Z"));
    expect(s).toMatchObject({ date: "2026-11-22", open: true });
    expect(s.nextOpensAt.toISOString()).toBe("2026-11-23T21:00:00.000Z");
  });
});

describe("the remembered date gives what a fresh computation gives", () => {
  it("every hour of 2026, forwards and backwards, across both DST changes", () => {
    const fresh = (now: Date) => {
      const date = dailyDateOf(now);
      const opensAt = dailyOpeningOf(date);
      return { date, opensAt, open: now >= opensAt, nextOpensAt: dailyOpeningOf(nextDate(date)) };
    };
    const start = Date.UTC(2026, 0, 1);
    const steps = 365 * 24;
    const instants = Array.from({ length: steps }, (_, i) => new Date(start + i * 3_600_000));
    // Each instant, then one second before and after it, then the sweep in reverse.
    for (const now of [...instants, ...[...instants].reverse()]) {
      for (const t of [now, new Date(now.getTime() - 1_000), new Date(now.getTime() + 1_000)])
        expect(dailySchedule(t)).toEqual(fresh(t));
    }
    // 52,560 fixed instants: the work is bounded; the limit only stops a hang on a loaded machine.
  }, 600_000);

  it("at the exact bounds of a Los Angeles date (midnight there, both sides)", () => {
    for (const iso of [
      "2026-03-08T07:59:59.999Z",
      "2026-03-08T08:00:00Z",
      "2026-03-09T06:59:59.999Z",
      "2026-03-09T07:00:00Z",
      "2026-11-01T06:59:59.999Z",
      "2026-11-01T07:00:00Z",
      "2026-11-02T07:59:59.999Z",
      "2026-11-02T08:00:00Z",
    ]) {
      expect(dailySchedule(at(iso)).date).toBe(dailyDateOf(at(iso)));
    }
  });
});

describe("annual event calendar (1 January 00:00 UTC)", () => {
  it("31 Dec 23:59:59 UTC is still the old year; one second later the new year's event is live", () => {
    const last = annualSchedule(at("2026-12-31T23:59:59Z"));
    expect(last.year).toBe(2026);
    expect(secondsUntil(last.nextOpensAt, at("2026-12-31T23:59:59Z"))).toBe(1);
    const first = annualSchedule(at("2027-01-01T00:00:00Z"));
    expect(first.year).toBe(2027);
    expect(first.nextOpensAt.toISOString()).toBe("2028-01-01T00:00:00.000Z");
  });

  it("counts down without going negative", () => {
    expect(secondsUntil(at("2026-01-01T00:00:00Z"), at("2026-06-01T00:00:00Z"))).toBe(0);
  });
});
