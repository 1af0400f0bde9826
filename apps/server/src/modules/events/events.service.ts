import {
  ANNUAL_EVENT,
  annualSchedule,
  DAILY_CLAIM,
  dailySchedule,
  dateBefore,
  type Ineligible,
  type TAnnualClaimResult,
  type TDailyClaimResult,
  type TDailyWinners,
  type TEventsState,
} from "@viewvault/shared";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Idempotency } from "../idempotency/idempotency";
import { type CommandOutcome, command, IDEMPOTENCY_ARGS } from "../ledger/money-command";
import type { ProfileRow } from "../profiles/profiles.repository";
import type { DailyClaimGate } from "./daily-claim-gate";
import {
  annualWinnerOf,
  dailyWinnerOf,
  dailyWinnersBetween,
  emailConfirmed,
  type WinnerRow,
  wonDailySince,
} from "./events.repository";

const winner = (row: WinnerRow | null) => (row ? { id: row.id, username: row.username } : null);

/** The member asking, as the events judge them (ADR 018). */
interface Claimant {
  profile: ProfileRow;
  userId: string;
}

/**
 * Both events as the member sees them now: the Los Angeles date's prize (waiting, open, or won)
 * and the year's (LIVE or won), with the winners, the countdown targets and whether this member
 * may claim.
 */
export async function eventsState(
  db: Db,
  clock: Clock,
  me: Claimant,
  gate?: DailyClaimGate,
): Promise<TEventsState> {
  const now = clock.now();
  const daily = dailySchedule(now);
  const annual = annualSchedule(now);
  const [dailyWinner, annualWinner, confirmed, recentWin] = await Promise.all([
    dailyWinnerOf(db, daily.date),
    annualWinnerOf(db, annual.year),
    emailConfirmed(db, me.userId),
    wonDailySince(db, me.profile.id, dateBefore(daily.date, DAILY_CLAIM.winCooldownDays)),
  ]);
  if (dailyWinner && daily.open) gate?.remember(daily.date, dailyWinner.id);
  const dailyIneligible: Ineligible = !confirmed
    ? "emailUnconfirmed"
    : recentWin
      ? "recentWin"
      : null;
  const annualIneligible: Ineligible = !confirmed
    ? "emailUnconfirmed"
    : !me.profile.isVerified
      ? "annualUnverified"
      : null;
  return {
    now: now.toISOString(),
    daily: {
      date: daily.date,
      opensAt: daily.opensAt.toISOString(),
      open: daily.open,
      nextOpensAt: daily.nextOpensAt.toISOString(),
      rewardViews: DAILY_CLAIM.rewardViews.toString(),
      winner: winner(dailyWinner),
      claimedAt: dailyWinner?.claimedAt.toISOString() ?? null,
      ineligible: dailyIneligible,
    },
    annual: {
      year: annual.year,
      nextOpensAt: annual.nextOpensAt.toISOString(),
      rewardViews: ANNUAL_EVENT.rewardViews.toString(),
      winner: winner(annualWinner),
      claimedAt: annualWinner?.claimedAt.toISOString() ?? null,
      ineligible: annualIneligible,
    },
  };
}

/** The winners of the last DAILY_CLAIM.winnersShownDays Los Angeles dates, newest first. */
export async function dailyWinners(db: Db, clock: Clock): Promise<TDailyWinners> {
  const today = dailySchedule(clock.now()).date;
  const rows = await dailyWinnersBetween(
    db,
    dateBefore(today, DAILY_CLAIM.winnersShownDays - 1),
    today,
  );
  return {
    winners: rows.map((r) => ({
      date: r.date,
      winner: { id: r.id, username: r.username },
      claimedAt: r.claimedAt.toISOString(),
    })),
  };
}

const DAILY_COMMAND = command("vv_claim_daily", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_day: "date",
  p_now: "timestamptz",
  p_reward: "bigint",
  p_cooldown: "int",
});

const ANNUAL_COMMAND = command("vv_claim_annual", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_year: "int",
  p_now: "timestamptz",
  p_reward: "bigint",
});

type EventsApp = Pick<FastifyInstance, "money" | "clock" | "realtime">;

/**
 * Claims today's Daily First Claim: refused before 13:00 Los Angeles time (the injectable
 * clock), then `vv_claim_daily` settles who wins in the database — one winner per date — and
 * every open tab is told after the commit. The gate learns the committed winner from the answer
 * (a win, or a refusal as already claimed), so this process answers later losers from memory.
 */
export async function claimDaily(
  app: EventsApp,
  gate: DailyClaimGate,
  member: ProfileRow,
  idem: Idempotency,
): Promise<CommandOutcome<TDailyClaimResult>> {
  const now = app.clock.now();
  const schedule = dailySchedule(now);
  if (!schedule.open) {
    throw new AppError("EVENT_NOT_OPEN", { context: "daily", time: `${DAILY_CLAIM.hour}:00` });
  }
  let outcome: CommandOutcome<TDailyClaimResult>;
  try {
    outcome = await DAILY_COMMAND.run<TDailyClaimResult>(app.money, {
      member: member.id,
      ...idem,
      day: schedule.date,
      now,
      reward: DAILY_CLAIM.rewardViews,
      cooldown: DAILY_CLAIM.winCooldownDays,
    });
  } catch (error) {
    // Refused as already claimed: the winner's row is committed, so it can be read now.
    if (error instanceof AppError && error.code === "EVENT_ALREADY_CLAIMED") {
      const won = await dailyWinnerOf(app.money.db, schedule.date);
      if (won) gate.remember(schedule.date, won.id);
    }
    throw error;
  }
  if (outcome.status === 201) gate.remember(schedule.date, member.id);
  if (!outcome.replayed) app.realtime.announce("events", null);
  return outcome;
}

/** Claims this UTC year's 1,000,000 views: `vv_claim_annual` settles one winner per year. */
export async function claimAnnual(
  app: EventsApp,
  member: ProfileRow,
  idem: Idempotency,
): Promise<CommandOutcome<TAnnualClaimResult>> {
  const now = app.clock.now();
  const outcome = await ANNUAL_COMMAND.run<TAnnualClaimResult>(app.money, {
    member: member.id,
    ...idem,
    year: annualSchedule(now).year,
    now,
    reward: ANNUAL_EVENT.rewardViews,
  });
  if (!outcome.replayed) app.realtime.announce("events", null);
  return outcome;
}
