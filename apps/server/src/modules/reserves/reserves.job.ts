import { recentSnapshots } from "./reserves.repository";
import type { TakenSnapshot } from "./take-snapshot";
import { type ReservesDeps, takeSnapshot } from "./take-snapshot";

const HOUR_MS = 3_600_000;

/** The last scheduled instant at or before `now`: today's hour (UTC), else yesterday's. */
export function lastScheduled(now: Date, hourUtc: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  return new Date(today <= now.getTime() ? today : today - 24 * HOUR_MS);
}

/**
 * The daily snapshot (ADR 067): taken when none was taken since the last scheduled hour; the
 * very first one at start-up, so the demo data has a snapshot as soon as the server runs. Runs
 * every few minutes on one instance (jobs.ts claims the period), so a missed hour is caught up.
 */
export async function snapshotIfDue(
  deps: ReservesDeps,
  hourUtc: number,
): Promise<TakenSnapshot | null> {
  const [latest] = await recentSnapshots(deps.db, 1);
  if (!latest) return takeSnapshot(deps, { trigger: "start" });
  const due = lastScheduled(deps.clock.now(), hourUtc);
  if (new Date(latest.taken_at).getTime() >= due.getTime()) return null;
  return takeSnapshot(deps, { trigger: "schedule" });
}
