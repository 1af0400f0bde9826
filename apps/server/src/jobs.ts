import { ACCOUNT_DELETION, RANKING } from "@viewvault/shared";
import type { FastifyInstance } from "fastify";
import type { Db } from "./db/client";
import { runDueAccountDeletions } from "./modules/data-rights/account-deletion.service";
import { purgeOldKeys } from "./modules/idempotency/idempotency.repository";
import { purgeExpiredRateLimits } from "./modules/platform/rate-limit.repository";
import { recomputeRanking } from "./modules/ranking/ranking.service";
import { sweepSignupRewards } from "./modules/referrals/referrals.service";

/**
 * Small periodic jobs of every instance; each is idempotent and safe to run on several
 * instances at once (the database settles who does the work).
 */
export function startBackgroundJobs(app: FastifyInstance, db: Db): void {
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    app.metrics.jobRegistered(name);
    const run = () => {
      const started = performance.now();
      const ran = (ok: boolean) =>
        app.metrics.jobRan(name, (performance.now() - started) / 1000, ok);
      job().then(
        () => ran(true),
        (error) => {
          ran(false);
          app.log.error({ err: error }, `${name} failed`);
        },
      );
    };
    run();
    const timer = setInterval(run, ms);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  };
  every(30_000, "referral reward sweep", async () =>
    app.money.afterCommit(await sweepSignupRewards(db)),
  );
  every(RANKING.refreshMinutes * 60_000, "ranking", () => recomputeRanking(db, app.clock));
  every(ACCOUNT_DELETION.jobSeconds * 1000, "account deletions", async () => {
    const { done, blocked } = await runDueAccountDeletions(db, app.clock);
    if (done.length) {
      app.log.info({ count: done.length }, "account deletions performed");
      app.money.afterCommit(done);
    }
    if (blocked.length) app.log.warn({ profiles: blocked }, "account deletions still blocked");
  });
  every(10 * 60_000, "rate-limit cleanup", () => purgeExpiredRateLimits(db));
  every(60 * 60_000, "idempotency key cleanup", () =>
    purgeOldKeys(db, new Date(Date.now() - 24 * 3600_000)),
  );
}
