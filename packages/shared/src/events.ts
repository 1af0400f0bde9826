import { TZDate } from "@date-fns/tz";
import { DAILY_CLAIM } from "./constants";

/**
 * The events' calendar: the Daily First Claim opens at 13:00
 * America/Los_Angeles every day — DST-aware through the IANA time-zone data, never a fixed
 * 21:00 UTC — and its prize belongs to that Los Angeles date until midnight there; the annual
 * event opens at 1 January 00:00 UTC. Every function takes the instant to judge (the server's
 * injectable clock, or the browser's estimate of it), so tests can stand on either side of a
 * DST change.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** The Los Angeles calendar date ("YYYY-MM-DD") of an instant. */
export function dailyDateOf(now: Date): string {
  const local = new TZDate(now.getTime(), DAILY_CLAIM.timeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The instant (ms) of a whole hour of a Los Angeles date ("YYYY-MM-DD"), DST-aware. */
function hourOf(date: string, hour: number): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, hour, 0, 0, DAILY_CLAIM.timeZone).getTime();
}

/** The instant a Los Angeles date's prize opens (13:00 local time that date). */
export function dailyOpeningOf(date: string): Date {
  return new Date(hourOf(date, DAILY_CLAIM.hour));
}

/** The calendar date after `date` ("YYYY-MM-DD"). */
export function nextDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The calendar date `days` before `date`. */
export function dateBefore(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

export interface DailySchedule {
  /** Today's Los Angeles date: the date a claim made now is for. */
  date: string;
  /** When today's prize opens (13:00 Los Angeles). */
  opensAt: Date;
  /** Whether today's prize is open now (it stays open until claimed or until midnight there). */
  open: boolean;
  /** When the next date's prize opens. */
  nextOpensAt: Date;
}

/**
 * The Los Angeles date last asked about, with its bounds: every claim of a storm at the opening
 * second asks for the same date, and the time-zone arithmetic cost more than the rest of a
 * refused claim (ADR 040). Any instant outside the bounds computes afresh.
 */
let lastDay:
  | { date: string; start: number; end: number; opensAt: number; nextOpensAt: number }
  | undefined;

export function dailySchedule(now: Date): DailySchedule {
  const t = now.getTime();
  let day = lastDay;
  if (!day || t < day.start || t >= day.end) {
    const date = dailyDateOf(now);
    const next = nextDate(date);
    day = {
      date,
      // Midnight there begins a date (Los Angeles changes its clocks at 02:00, never at 00:00).
      start: hourOf(date, 0),
      end: hourOf(next, 0),
      opensAt: hourOf(date, DAILY_CLAIM.hour),
      nextOpensAt: hourOf(next, DAILY_CLAIM.hour),
    };
    lastDay = day;
  }
  return {
    date: day.date,
    opensAt: new Date(day.opensAt),
    open: t >= day.opensAt,
    nextOpensAt: new Date(day.nextOpensAt),
  };
}

export interface AnnualSchedule {
  /** The UTC year a claim made now is for (the event is LIVE from its 1 January 00:00 UTC). */
  year: number;
  /** 1 January 00:00 UTC of the following year: the next event. */
  nextOpensAt: Date;
}

export function annualSchedule(now: Date): AnnualSchedule {
  const year = now.getUTCFullYear();
  return { year, nextOpensAt: new Date(Date.UTC(year + 1, 0, 1)) };
}

/** Whole seconds from `now` until `target`, never negative. */
export function secondsUntil(target: Date, now: Date): number {
  return Math.max(0, Math.ceil((target.getTime() - now.getTime()) / 1000));
}
