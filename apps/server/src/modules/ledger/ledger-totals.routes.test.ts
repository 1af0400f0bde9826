import type { TLedgerTotalsByCurrency } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { useTestApp } from "../../../test/app";
import {
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "./verify-ledger";

// One totals function for the admin overview, the transparency page and ledger:verify (ADR 069).
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const TRON_HASH = "ef".repeat(32);

let admin: SignedInMember;
let support: SignedInMember;
const clock = fixedClock("2026-11-20T12:00:00Z");
const db = () => t.database.db;

const t = useTestApp({
  clock,
  env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
});
beforeAll(async () => {
  admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
  support = await createSignedInMember(t.app, { role: "support", twoFactor: true });
  const unlocked = await support.c.request("POST", "/api/support/desk/unlock", {
    password: TEST_PASSWORD,
  });
  expect(unlocked.statusCode).toBe(200);
});

let keys = 0;
async function withdraw(c: Client): Promise<string> {
  const res = await c.request(
    "POST",
    "/api/withdrawals",
    { password: TEST_PASSWORD, network: "TRC20", walletAddress: TRON, amount: "100" },
    { "idempotency-key": `totals-withdraw-${++keys}` },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().withdrawal.id;
}

async function requestIdOf(withdrawalId: string): Promise<string> {
  const rows = await db().execute<{ id: string }>(
    sql`select id from support_requests where withdrawal_id = ${withdrawalId}`,
  );
  return (
    (rows as unknown as { rows: { id: string }[] }).rows?.[0]?.id ??
    (rows as unknown as { id: string }[])[0]!.id
  );
}

async function desk(withdrawalId: string, body: Record<string, unknown>, path = "status") {
  const id = await requestIdOf(withdrawalId);
  const res = await support.c.request(
    path === "status" ? "PUT" : "POST",
    `/api/support/desk/requests/${id}/${path}`,
    body,
    { "idempotency-key": `totals-desk-${++keys}` },
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** The three readings at one instant: they must be the same figures. */
async function readings(): Promise<TLedgerTotalsByCurrency> {
  const overview = (await admin.c.request("GET", "/api/admin/overview")).json();
  // The transparency page caches for a minute: step past it so it reads the ledger now.
  clock.advance(61_000);
  const transparency = (await t.app.inject({ method: "GET", url: "/api/transparency" })).json();
  const report = await verifyLedger(db());
  expect(report.problems).toEqual([]);
  expect(overview.totals).toEqual(report.figures);
  expect(transparency.totals).toEqual(report.figures);
  for (const currency of ["VIEWS", "USDT"] as const) {
    const f = report.figures[currency];
    expect(BigInt(f.issued), currency).toBe(
      BigInt(f.inCirculation) +
        BigInt(f.withdrawalEscrow) +
        BigInt(f.marketplaceEscrow) +
        BigInt(f.paidOut) +
        BigInt(f.fees),
    );
  }
  const byNetwork = transparency.paidOutByNetwork as { usdt: string }[];
  expect(byNetwork.reduce((sum, p) => sum + BigInt(p.usdt), 0n)).toBe(
    BigInt(report.figures.USDT.paidOut),
  );
  return report.figures;
}

/** USDT figures moved since `before`, in whole micro-USDT. */
function moved(before: TLedgerTotalsByCurrency, after: TLedgerTotalsByCurrency) {
  const d = (key: keyof TLedgerTotalsByCurrency["USDT"]) =>
    BigInt(after.USDT[key]) - BigInt(before.USDT[key]);
  return {
    inCirculation: d("inCirculation"),
    withdrawalEscrow: d("withdrawalEscrow"),
    paidOut: d("paidOut"),
    fees: d("fees"),
  };
}

describe("the platform totals: admin overview = transparency = ledger:verify", () => {
  it("agree after a pending, a completed (with its fee), a cancelled and a failed withdrawal", async () => {
    const members = await Promise.all(
      [1, 2, 3, 4].map(() => createSignedInMember(t.app, { usdt: USDT(100) })),
    );
    const [pending, completed, cancelled, failed] = members.map((m) => m.c) as [
      Client,
      Client,
      Client,
      Client,
    ];
    let before = await readings();

    // Pending: the 100 USDT leave circulation for the withdrawal escrow, on both pages.
    await withdraw(pending);
    let after = await readings();
    expect(moved(before, after)).toEqual({
      inCirculation: -USDT(100),
      withdrawalEscrow: USDT(100),
      paidOut: 0n,
      fees: 0n,
    });

    // Completed: 99 USDT paid out, the 1 USDT fee shown as fees (the escrow empties).
    before = after;
    const done = await withdraw(completed);
    await desk(done, { status: "PROCESSING" });
    await desk(done, { status: "COMPLETED", txHash: TRON_HASH });
    after = await readings();
    expect(moved(before, after)).toEqual({
      inCirculation: -USDT(100),
      withdrawalEscrow: 0n,
      paidOut: USDT(99),
      fees: USDT(1),
    });

    // Cancelled by the member: back in circulation, nothing in escrow.
    before = after;
    const gone = await withdraw(cancelled);
    const res = await cancelled.request("POST", `/api/withdrawals/${gone}/cancel`, undefined, {
      "idempotency-key": `totals-cancel-${++keys}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    after = await readings();
    expect(moved(before, after)).toEqual({
      inCirculation: 0n,
      withdrawalEscrow: 0n,
      paidOut: 0n,
      fees: 0n,
    });

    // Failed by staff: the full amount returns.
    before = after;
    const refused = await withdraw(failed);
    await desk(refused, { status: "PROCESSING" });
    await desk(refused, { reason: "Address on a blocked exchange" }, "fail");
    after = await readings();
    expect(moved(before, after)).toEqual({
      inCirculation: 0n,
      withdrawalEscrow: 0n,
      paidOut: 0n,
      fees: 0n,
    });
  });
});
