import { describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { outboxBacklog } from "../modules/mail/mail.repository";
import { createMetrics, statusClass } from "./metrics";

/** A PostgreSQL pool as node-postgres reports it, and an outbox that answers these rows. */
function fakeDatabase(outbox: Array<{ status: string; n: number; oldest: string | null }>) {
  return {
    kind: "postgres",
    pool: { totalCount: 7, idleCount: 4, waitingCount: 2, options: { max: 20 } },
    db: { execute: async () => ({ rows: outbox }) },
  } as unknown as Database;
}

/** The metrics' inputs over one database: the pool and the mail module's backlog query. */
function backed(database: Database) {
  return { database, outboxBacklog: () => outboxBacklog(database.db) };
}

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("createMetrics", () => {
  it("names status classes", () => {
    expect([200, 201, 304, 401, 422, 503].map(statusClass)).toEqual([
      "2xx",
      "2xx",
      "3xx",
      "4xx",
      "4xx",
      "5xx",
    ]);
  });

  it("reports the pool's total, idle and waiting connections and its size", async () => {
    const m = createMetrics({ ...backed(fakeDatabase([])) });
    const text = await m.registry.metrics();
    expect(sample(text, 'vv_db_pool_connections{state="total"}')).toBe(7);
    expect(sample(text, 'vv_db_pool_connections{state="idle"}')).toBe(4);
    expect(sample(text, 'vv_db_pool_connections{state="waiting"}')).toBe(2);
    expect(sample(text, "vv_db_pool_max")).toBe(20);
  });

  it("reads the outbox backlog once per scrape for both of its gauges", async () => {
    let queries = 0;
    const database = fakeDatabase([]);
    (database.db as unknown as { execute: () => Promise<unknown> }).execute = async () => {
      queries++;
      return {
        rows: [
          { status: "pending", n: 3, oldest: "2026-11-23T10:00:00.000Z" },
          { status: "failed", n: 1, oldest: "2026-11-20T10:00:00.000Z" },
        ],
      };
    };
    const m = createMetrics({
      ...backed(database),
      now: () => Date.parse("2026-11-23T10:01:30.000Z"),
    });
    const text = await m.registry.metrics();
    expect(queries).toBe(1);
    expect(sample(text, 'vv_mail_outbox_messages{status="pending"}')).toBe(3);
    expect(sample(text, 'vv_mail_outbox_messages{status="failed"}')).toBe(1);
    expect(sample(text, "vv_mail_outbox_oldest_pending_seconds")).toBe(90);
  });

  it("measures job lag from the last success, or from scheduling until there is one", async () => {
    let clock = 1_000_000;
    const m = createMetrics({ ...backed(fakeDatabase([])), now: () => clock });
    m.jobRegistered("ranking");
    m.jobRegistered("sweep");
    clock += 5_000;
    m.jobRan("ranking", 0.25, true);
    clock += 10_000;
    m.jobRan("sweep", 1.5, false);
    clock += 2_000;
    const text = await m.registry.metrics();
    expect(sample(text, 'vv_job_seconds_since_success{job="ranking"}')).toBe(12);
    expect(sample(text, 'vv_job_seconds_since_success{job="sweep"}')).toBe(17);
    expect(sample(text, 'vv_job_last_duration_seconds{job="ranking"}')).toBe(0.25);
    expect(sample(text, 'vv_job_last_duration_seconds{job="sweep"}')).toBe(1.5);
    expect(sample(text, 'vv_job_failures_total{job="sweep"}')).toBe(1);
    expect(sample(text, 'vv_job_failures_total{job="ranking"}')).toBeUndefined();
  });

  it("counts postings by kind", async () => {
    const m = createMetrics({ ...backed(fakeDatabase([])) });
    m.ledgerPosted("transfer");
    m.ledgerPosted("transfer");
    m.ledgerPosted("swap");
    const text = await m.registry.metrics();
    expect(sample(text, 'vv_ledger_postings_total{kind="transfer"}')).toBe(2);
    expect(sample(text, 'vv_ledger_postings_total{kind="swap"}')).toBe(1);
  });
});
