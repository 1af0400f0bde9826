import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";
import { createWebVitals, type WebVitalP75 } from "./web-vitals";

/** Seconds; from a fast cached read (~1 ms) to a slow export or a long-poll. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The status class of an HTTP status: "2xx", "4xx" … */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export interface Metrics {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL), method, status and seconds. */
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  /** A money command committed a ledger posting of this kind (not on a replay). */
  ledgerPosted(kind: string): void;
  /** A background job is known (its lag counts from now until its first success). */
  jobRegistered(name: string): void;
  /** A background job's run ended: how long it took and whether it succeeded. */
  jobRan(name: string, seconds: number, ok: boolean): void;
  /** A reserves snapshot was taken, or refused (a negative liability, an unbalanced ledger). */
  reservesSnapshot(outcome: "taken" | "refused"): void;
  /** One web vital a member's browser measured (ADR 066): times in seconds, CLS unitless. */
  webVital(vital: { metric: string; route: string; lang: string; value: number }): void;
  /** The 75th percentile of each vital by route and language, from this instance's histograms. */
  webVitalsP75(): Promise<WebVitalP75[]>;
}

/** The mail outbox's backlog (read from the mail module's table, handed in by app.ts). */
export interface OutboxBacklog {
  pending: number;
  failed: number;
  oldestPendingAt: Date | null;
}

/** Withdrawals by state and the oldest one still confirming on chain (ADR 058). */
export interface PayoutBacklog {
  byState: Array<{ status: string; n: number }>;
  oldestConfirmingAt: Date | null;
}

export interface MetricsOptions {
  database: Database;
  /** Reads the outbox backlog; called at most once per scrape. */
  outboxBacklog: () => Promise<OutboxBacklog>;
  /** Reads the push deliveries' backlog (ADR 059); called once per scrape. */
  pushBacklog?: () => Promise<{ pending: number; failed: number }>;
  /** Reads the payouts by state; called at most once per scrape. */
  payoutBacklog?: () => Promise<PayoutBacklog>;
  now?: () => number;
}

type Now = () => number;

/** Seconds since a moment, 0 when there is none. */
const secondsSince = (now: Now, at: Date | null) =>
  at ? Math.max(0, (now() - at.getTime()) / 1000) : 0;

/** Shares one in-flight read between the gauges collected in the same scrape. */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

function registerPoolGauges(registry: Registry, database: Database) {
  new Gauge({
    name: "vv_db_pool_connections",
    help: "Database connections by state: total, idle, and waiting (requests queued for a connection); the embedded database has one connection",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      if (database.pool) {
        this.set({ state: "total" }, database.pool.totalCount);
        this.set({ state: "idle" }, database.pool.idleCount);
        this.set({ state: "waiting" }, database.pool.waitingCount);
      } else {
        this.set({ state: "total" }, 1);
      }
    },
  });
  new Gauge({
    name: "vv_db_pool_max",
    help: "The most connections the pool opens (DB_POOL_MAX; 1 for the embedded database)",
    registers: [registry],
    collect() {
      this.set(database.pool?.options.max ?? 1);
    },
  });
}

function registerOutboxGauges(registry: Registry, opts: MetricsOptions, now: Now) {
  // Both outbox gauges are collected in parallel from one query per scrape.
  const readBacklog = oncePerScrape(opts.outboxBacklog);
  new Gauge({
    name: "vv_mail_outbox_messages",
    help: "E-mails in the outbox not yet sent: pending (waiting or retrying) and failed (given up)",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const { pending, failed } = await readBacklog();
      this.set({ status: "pending" }, pending);
      this.set({ status: "failed" }, failed);
    },
  });
  new Gauge({
    name: "vv_mail_outbox_oldest_pending_seconds",
    help: "How long the oldest pending e-mail has waited (0 when none is pending)",
    registers: [registry],
    async collect() {
      const { oldestPendingAt } = await readBacklog();
      this.set(secondsSince(now, oldestPendingAt));
    },
  });

  const { pushBacklog } = opts;
  if (pushBacklog) {
    new Gauge({
      name: "vv_push_deliveries",
      help: "Web Push deliveries not yet sent: pending (waiting or retrying) and failed (given up)",
      labelNames: ["status"],
      registers: [registry],
      async collect() {
        const { pending, failed } = await pushBacklog();
        this.set({ status: "pending" }, pending);
        this.set({ status: "failed" }, failed);
      },
    });
  }
}

function registerPayoutGauges(registry: Registry, opts: MetricsOptions, now: Now) {
  // Payouts (ADR 058): both gauges from one query per scrape.
  const read = opts.payoutBacklog;
  const readPayouts = read
    ? oncePerScrape(read)
    : () => Promise.resolve<PayoutBacklog>({ byState: [], oldestConfirmingAt: null });
  new Gauge({
    name: "vv_payouts",
    help: "Withdrawals by state (SENT waiting or taken, AWAITING_APPROVAL, CONFIRMING on chain, COMPLETED, FAILED, CANCELLED)",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { status, n } of (await readPayouts()).byState) this.set({ state: status }, n);
    },
  });
  new Gauge({
    name: "vv_payout_oldest_unconfirmed_seconds",
    help: "How long the oldest withdrawal still confirming on chain has waited since it was sent (0 when none is)",
    registers: [registry],
    async collect() {
      const { oldestConfirmingAt } = await readPayouts();
      this.set(secondsSince(now, oldestConfirmingAt));
    },
  });
}

function createJobMetrics(registry: Registry, now: Now) {
  const registeredAt = new Map<string, number>();
  const lastSuccess = new Map<string, number>();
  new Gauge({
    name: "vv_job_seconds_since_success",
    help: "Seconds since each background job last succeeded on this instance (since it was scheduled, if it never has); one instance runs each period, so across instances take the minimum",
    labelNames: ["job"],
    registers: [registry],
    collect() {
      for (const [job, since] of registeredAt) {
        this.set({ job }, (now() - (lastSuccess.get(job) ?? since)) / 1000);
      }
    },
  });
  const duration = new Gauge({
    name: "vv_job_last_duration_seconds",
    help: "How long each background job's last run took",
    labelNames: ["job"],
    registers: [registry],
  });
  const failures = new Counter({
    name: "vv_job_failures_total",
    help: "Background job runs that failed",
    labelNames: ["job"],
    registers: [registry],
  });
  return {
    registered(name: string) {
      if (!registeredAt.has(name)) registeredAt.set(name, now());
    },
    ran(name: string, seconds: number, ok: boolean) {
      duration.set({ job: name }, seconds);
      if (ok) lastSuccess.set(name, now());
      else failures.inc({ job: name });
    },
  };
}

/**
 * The Prometheus registry of one app instance (its own, so tests can build several apps) with
 * Node's default process metrics and ViewVault's own: HTTP rate and latency by route, database
 * pool use, ledger postings by kind, the mail outbox backlog and background job lag. Gauges that
 * describe state (pool, outbox, job lag) are read when Prometheus scrapes, never on a timer.
 */
export function createMetrics(opts: MetricsOptions): Metrics {
  const now = opts.now ?? Date.now;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: "vv_http_request_duration_seconds",
    help: "HTTP requests by route pattern, method and status class; _count gives the rate",
    labelNames: ["route", "method", "status_class"],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const postings = new Counter({
    name: "vv_ledger_postings_total",
    help: "Ledger postings committed by money commands, by kind (replays move nothing and are not counted)",
    labelNames: ["kind"],
    registers: [registry],
  });
  registerPoolGauges(registry, opts.database);
  registerOutboxGauges(registry, opts, now);
  registerPayoutGauges(registry, opts, now);
  const jobs = createJobMetrics(registry, now);
  const reserves = new Counter({
    name: "vv_reserves_snapshots_total",
    help: "Proof-of-reserves snapshots by outcome: taken, or refused (a negative liability or an unbalanced ledger: alert on any)",
    labelNames: ["outcome"],
    registers: [registry],
  });
  const vitals = createWebVitals(registry);

  return {
    registry,
    reservesSnapshot(outcome) {
      reserves.inc({ outcome });
    },
    webVital: vitals.observe,
    webVitalsP75: vitals.p75,
    httpRequest(route, method, status, seconds) {
      http.observe({ route, method, status_class: statusClass(status) }, seconds);
    },
    ledgerPosted(kind) {
      postings.inc({ kind });
    },
    jobRegistered: jobs.registered,
    jobRan: jobs.ran,
  };
}
