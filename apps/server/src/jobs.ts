import { ACCOUNT_DELETION, HOLD, PAYOUTS, RANKING, RISK_SIGNALS } from "@viewvault/shared";
import type { FastifyInstance } from "fastify";
import type { Db } from "./db/client";
import { runDueAccountDeletions } from "./modules/data-rights/account-deletion.service";
import { clearDueHolds } from "./modules/holds/holds.service";
import { purgeOldKeys } from "./modules/idempotency/idempotency.repository";
import { notifyDailyPrizeOpening } from "./modules/notifications/notifications.service";
import { followConfirmingPayouts } from "./modules/payouts/payouts.job";
import { claimJobRun, finishJobRun } from "./modules/platform/job-runs.repository";
import { purgeExpiredRateLimits } from "./modules/platform/rate-limit.repository";
import { recomputeRanking } from "./modules/ranking/ranking.service";
import { sweepSignupRewards } from "./modules/referrals/referrals.service";
import { riskJob } from "./modules/risk/risk.enforce";

/**
 * Runs `job` if this caller wins the period's claim (on any instance, ADR 033); false when another
 * run of the period already started. Every job is idempotent and commits step by step, so a run
 * cut off by a crash is simply done again (what it finished stays done) a period later.
 */
export async function runJobOnce(
  db: Db,
  name: string,
  everyMs: number,
  job: () => Promise<unknown>,
): Promise<boolean> {
  if (!(await claimJobRun(db, name, everyMs))) return false;
  await job();
  await finishJobRun(db, name);
  return true;
}

/**
 * Small periodic jobs: every instance keeps the timers, one instance per period does the work
 * (the claim in job_runs). A shutdown waits for the run in progress.
 */
export function startBackgroundJobs(app: FastifyInstance, db: Db): void {
  const running = new Set<Promise<unknown>>();
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    app.metrics.jobRegistered(name);
    const run = () => {
      const started = performance.now();
      const ran = (ok: boolean) =>
        app.metrics.jobRan(name, (performance.now() - started) / 1000, ok);
      const done = runJobOnce(db, name, ms, job)
        .then(
          // Another instance's run of this period: nothing ran here, nothing to record.
          (didRun) => (didRun ? ran(true) : undefined),
          (error) => {
            ran(false);
            app.log.error({ err: error }, `${name} failed`);
          },
        )
        .finally(() => running.delete(done));
      running.add(done);
    };
    run();
    const timer = setInterval(run, ms);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  };
  app.addHook("onClose", async () => {
    await Promise.all(running);
  });
  every(30_000, "referral reward sweep", async () =>
    app.money.afterCommit(await sweepSignupRewards(db)),
  );
  every(RANKING.refreshMinutes * 60_000, "ranking", () => recomputeRanking(db, app.clock));
  // The daily prize opens soon: members who asked are told, once per date (ADR 059).
  every(60_000, "daily prize reminder", () => notifyDailyPrizeOpening(db, app.clock));
  every(ACCOUNT_DELETION.jobSeconds * 1000, "account deletions", async () => {
    const { done, blocked } = await runDueAccountDeletions(db, app.clock);
    if (done.length) {
      app.log.info({ count: done.length }, "account deletions performed");
      app.money.afterCommit(done);
    }
    if (blocked.length) app.log.warn({ profiles: blocked }, "account deletions still blocked");
  });
  // Earnings on hold whose window passed become available (ADR 047).
  every(HOLD.clearEveryMinutes * 60_000, "hold clearing", async () => {
    const cleared = await clearDueHolds(app.money, app.clock);
    if (cleared) app.log.info({ count: cleared }, "holds cleared");
  });
  // Every score, then the automatic cash-out pause of high-risk clusters (ADR 071).
  every(RISK_SIGNALS.recomputeMinutes * 60_000, "risk scores", async () => {
    const { paused } = await riskJob(db, app.clock);
    if (paused)
      app.log.warn({ count: paused }, "cash-out paused automatically (high-risk cluster)");
  });
  // Payouts the chain confirms (ADR 058): confirmations, completion once, or back to the desk.
  if (Object.keys(app.payouts.chains).length > 0) {
    every(PAYOUTS.followSeconds * 1000, "payout confirmations", async () => {
      const touched = await followConfirmingPayouts(app.money, app.clock, app.payouts);
      if (touched.length) app.realtime.announce("withdrawals", touched);
    });
  }
  // Proof of reserves (ADR 067): the daily snapshot, and the first one at start-up.
  every(10 * 60_000, "reserves snapshot", () => app.reserves.snapshotIfDue());
  every(10 * 60_000, "rate-limit cleanup", () => purgeExpiredRateLimits(db));
  every(60 * 60_000, "idempotency key cleanup", () =>
    purgeOldKeys(db, new Date(Date.now() - 24 * 3600_000)),
  );
}
