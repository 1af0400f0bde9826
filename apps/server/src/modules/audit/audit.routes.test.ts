import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  AUDIT_CODED_KEYS,
  AUDIT_DETAIL_KEYS,
  AUDIT_VALUES,
  type AuditAction,
  auditAmounts,
} from "@viewvault/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { FakeChain } from "../../../test/chain-fake";
import {
  createDeskStaff,
  createSignedInMember,
  deskRequestIdOf,
  fundHeld,
  heldReferral,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { profiles } from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { clearHold } from "../holds/holds.service";
import { verifyLedger } from "../ledger/verify-ledger";
import { followConfirmingPayouts } from "../payouts/payouts.job";
import { upsertRisk } from "../risk/risk.repository";
import { AUDIT_CSV_COLUMNS } from "./audit.service";

/**
 * Every staff action writes a COMPLETE audit row — actor, role, address,
 * before and after, the target, the reason when the action takes one and the amount when it
 * moves money. The actions are found in the code (TypeScript `action:` fields and the database
 * functions' action literals), so a new action without an entry in AUDIT_ACTIONS fails here, and
 * each is then performed the way staff perform it.
 */

const SRC = join(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(path);
    return /\.(ts|sql)$/.test(entry.name) && !entry.name.includes(".test.") ? [path] : [];
  });
}

/** Every audit action the code can write. */
/** The actions the code still writes (a legacy one only labels old rows). */
const WRITTEN_ACTIONS = AUDIT_ACTION_NAMES.filter(
  (action) => !("legacy" in AUDIT_ACTIONS[action] && AUDIT_ACTIONS[action].legacy),
);

function actionsInCode(): string[] {
  const found = new Set<string>();
  const name = /^[a-z_]+(\.[a-z_]+)+$/;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    if (file.endsWith(".sql")) {
      // Only the functions that write the audit log name actions as 'area.verb' literals.
      for (const m of text.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) found.add(m[1] as string);
    } else {
      for (const m of text.matchAll(/\baction:\s*([^,\n]+)/g)) {
        for (const q of (m[1] as string).matchAll(/"([^"]+)"/g)) {
          if (name.test(q[1] as string)) found.add(q[1] as string);
        }
      }
    }
  }
  return [...found].sort();
}

let t: TestApp;
const clock = fixedClock("2026-11-22T12:00:00Z");
const db = () => t.database.db;
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const EVM_HASH = `0x${"ab".repeat(32)}`;
let keys = 0;
const key = () => ({ "idempotency-key": `audit-key-${++keys}` });

// BEP20 is verified on a fake chain with a hot wallet (ADR 058); ERC20 stays manual.
const bep20 = new FakeChain("BEP20", { hotWallet: true });

beforeAll(async () => {
  t = await createTestApp({
    clock,
    chains: { BEP20: bep20 },
    payoutCaps: { BEP20: USDT(10_000) },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

const staff = (role: "admin" | "support") =>
  createDeskStaff(t.app, role, { stepUp: role === "admin" });

const requestIdOf = (withdrawalId: string) => deskRequestIdOf(db(), withdrawalId);

async function withdrawal(amount: number, network = "ERC20"): Promise<string> {
  const m = await createSignedInMember(t.app, { usdt: USDT(amount) });
  await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
  const res = await m.c.request(
    "POST",
    "/api/withdrawals",
    { password: TEST_PASSWORD, network, walletAddress: EVM, amount: String(amount) },
    key(),
  );
  expect(res.statusCode, res.body).toBe(201);
  return requestIdOf(res.json().withdrawal.id);
}

async function ok(res: Promise<{ statusCode: number; body: string }>, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
}

interface Row {
  action: string;
  actor_profile_id: string | null;
  actor_role: string | null;
  target_profile_id: string | null;
  target_type: string | null;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  address: string | null;
  created_at: Date | string;
}

/** What is missing from a row, by the rules of its action (empty when complete). */
function missing(row: Row): string[] {
  const rule = AUDIT_ACTIONS[row.action as AuditAction];
  if (!rule) return ["action not in AUDIT_ACTIONS"];
  const gaps: string[] = [];
  if (!row.actor_role) gaps.push("role");
  if ("system" in rule && rule.system) {
    if (row.actor_role !== "system") gaps.push("system role");
  } else {
    if (!row.actor_profile_id) gaps.push("actor");
    if (!row.address) gaps.push("address");
  }
  if (!row.before) gaps.push("before");
  if (!row.after) gaps.push("after");
  if (rule.target === "member" && !row.target_profile_id) gaps.push("target");
  if (rule.target === "desk" && row.target_type !== "support_desk") gaps.push("target");
  if (rule.target === "platform" && !row.target_type) gaps.push("target");
  if (rule.reason && !row.reason?.trim()) gaps.push("reason");
  if (rule.money && auditAmounts(row.after).length === 0) gaps.push("amount");
  return gaps;
}

describe("the audit log", () => {
  it("lists every action the code writes", () => {
    expect(actionsInCode()).toEqual([...WRITTEN_ACTIONS].sort());
  });

  it("writes a complete row for every staff action (and the member's cancel)", async () => {
    const admin = await staff("admin");
    const approver = await staff("admin");
    const support = await staff("support");
    const actors = [admin.id, approver.id, support.id];

    // support.unlock_denied (support.unlock happened in staff()).
    const denied = await support.c.request("POST", "/api/support/desk/unlock", { password: "no" });
    expect(denied.json().code).toBe("INVALID_CREDENTIALS");

    // bonus.grant
    const member = await createSignedInMember(t.app);
    await ok(
      admin.c.request(
        "POST",
        `/api/admin/members/${member.id}/bonuses`,
        { amount: "1500", reason: "Launch week prize" },
        key(),
      ),
      201,
    );

    // referral.approve / referral.reject
    await ok(
      admin.c.request("POST", `/api/admin/referrals/${(await heldReferral(db())).id}/approve`, {
        reason: "Siblings",
      }),
    );
    await ok(
      admin.c.request("POST", `/api/admin/referrals/${(await heldReferral(db())).id}/reject`, {
        reason: "Same person",
      }),
    );

    // member.role / member.sessions.revoke / member.suspend / member.reinstate
    const other = await createSignedInMember(t.app);
    await ok(
      admin.c.request("PUT", `/api/admin/members/${other.id}/role`, {
        role: "support",
        reason: "Joins the team",
      }),
    );
    await ok(
      admin.c.request("POST", `/api/admin/members/${other.id}/sessions/revoke`, {
        reason: "Lost phone",
      }),
    );
    await ok(
      admin.c.request("PUT", `/api/admin/members/${other.id}/suspension`, {
        suspended: true,
        reason: "Chargebacks",
      }),
    );
    await ok(
      admin.c.request("PUT", `/api/admin/members/${other.id}/suspension`, {
        suspended: false,
        reason: "Resolved",
      }),
    );

    // withdrawal.take / release / complete
    const small = await withdrawal(200);
    const status = (who: SignedInMember, id: string, body: Record<string, unknown>) =>
      ok(who.c.request("PUT", `/api/support/desk/requests/${id}/status`, body, key()));
    await status(support, small, { status: "PROCESSING" });
    await status(support, small, { status: "PENDING" });
    await status(support, small, { status: "PROCESSING" });
    await status(support, small, { status: "COMPLETED", txHash: EVM_HASH });

    // withdrawal.request_approval / approve, before anything is sent (ADR 062); then complete
    const large = await withdrawal(1_500);
    await status(support, large, { status: "PROCESSING" });
    await status(support, large, { status: "COMPLETED" });
    await ok(
      approver.c.request("POST", `/api/admin/withdrawals/${large}/approve`, undefined, key()),
    );
    await status(support, large, { status: "COMPLETED", txHash: EVM_HASH });

    // withdrawal.fail (straight from PENDING: nothing was sent)
    const failing = await withdrawal(150);
    await ok(
      support.c.request(
        "POST",
        `/api/support/desk/requests/${failing}/fail`,
        { reason: "Exchange address" },
        key(),
      ),
    );

    // withdrawal.cancel: the member's own, before staff take it (ADR 054).
    const canceller = await createSignedInMember(t.app, { usdt: USDT(120) });
    actors.push(canceller.id);
    await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, canceller.id));
    const requested = await canceller.c.request(
      "POST",
      "/api/withdrawals",
      { password: TEST_PASSWORD, network: "ERC20", walletAddress: EVM, amount: "120" },
      key(),
    );
    expect(requested.statusCode, requested.body).toBe(201);
    await ok(
      canceller.c.request(
        "POST",
        `/api/withdrawals/${requested.json().withdrawal.id}/cancel`,
        undefined,
        key(),
      ),
    );

    // On a verified network (ADR 058): withdrawal.request_approval (above the threshold, before
    // sending), withdrawal.send / replace (hot wallet), withdrawal.verify_refused / verify (a
    // pasted hash), and the job's withdrawal.confirm / return.
    const onChain = await withdrawal(1_500, "BEP20");
    await status(support, onChain, { status: "PROCESSING" });
    await status(support, onChain, { status: "COMPLETED" });
    await ok(
      approver.c.request("POST", `/api/admin/withdrawals/${onChain}/approve`, undefined, key()),
    );
    const desk = (id: string, action: string) =>
      ok(support.c.request("POST", `/api/support/desk/requests/${id}/${action}`, undefined, key()));
    await desk(onChain, "send");
    await desk(onChain, "replace");
    const pasted = await withdrawal(200, "BEP20");
    await status(support, pasted, { status: "PROCESSING" });
    const pastedHash = `0x${"ef".repeat(32)}`;
    bep20.put(pastedHash, { to: EVM, amountMicroUsdt: 1n, confirmations: 1 });
    const refused = await support.c.request(
      "PUT",
      `/api/support/desk/requests/${pasted}/status`,
      { status: "COMPLETED", txHash: pastedHash },
      key(),
    );
    expect(refused.json().code).toBe("PAYOUT_MISMATCH");
    bep20.put(pastedHash, { to: EVM, amountMicroUsdt: USDT(198), confirmations: 1 });
    await status(support, pasted, { status: "COMPLETED", txHash: pastedHash });
    const pastedTx = bep20.txs.get(pastedHash);
    if (pastedTx) pastedTx.gone = "REVERTED";
    bep20.mine(3);
    await followConfirmingPayouts(t.app.money, clock, t.app.payouts);

    // support.status / support.reply
    const asker = await createSignedInMember(t.app);
    const asked = await asker.c.request("POST", "/api/support/requests", {
      requestType: "OTHER",
      message: "Where is my reward?",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const question = asked.json().requests[0].id as string;
    await status(support, question, { status: "PROCESSING" });
    await ok(
      support.c.request("POST", `/api/support/desk/requests/${question}/messages`, {
        body: "It is on its way.",
      }),
    );

    // support.review_request: the desk asks an admin to review a high-risk member (ADR 071).
    const risky = await withdrawal(180);
    const [owner] = await queryRows<{ user_id: string }>(
      db(),
      sql`select user_id from support_requests where id = ${risky}::uuid`,
    );
    await upsertRisk(
      db(),
      [{ memberId: owner?.user_id as string, score: 80, level: "high", reasons: [] }],
      clock.now(),
    );
    await ok(
      support.c.request("POST", `/api/support/desk/requests/${risky}/review-request`, {
        note: "Asks for it today",
      }),
    );

    // hold.clear (staff, through the holds service) / fraud.* and hold.claw_back (the queue)
    const earner = await createSignedInMember(t.app);
    const hold = await fundHeld(db(), earner.id, 40n, { now: clock.now() });
    await clearHold(
      t.app.money,
      clock,
      hold,
      { profileId: admin.id, role: "admin", address: admin.c.ip },
      "Known good member",
    );
    await fundHeld(db(), earner.id, 25n, { now: clock.now() });
    const fraud = (action: string, reason: string) =>
      ok(admin.c.request("POST", `/api/fraud/members/${earner.id}/${action}`, { reason }));
    await fraud("pause", "Shared device");
    await fraud("lift", "Explained");
    await fraud("claw-back", "Bot traffic");
    await fraud("clear", "Reviewed");
    // reserves.snapshot (ADR 067): an admin takes a proof-of-reserves snapshot on demand.
    await ok(admin.c.request("POST", "/api/admin/reserves/snapshots"), 201);

    const rows = await queryRows<Row>(
      db(),
      sql`select action, actor_profile_id, actor_role, target_profile_id, target_type, reason,
            before, after, address, created_at from audit_events
          where actor_role = 'system' or actor_profile_id in (${sql.join(
            actors.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
    for (const action of WRITTEN_ACTIONS) {
      const of = rows.filter((r) => r.action === action);
      expect(of.length, `no ${action} row was written`).toBeGreaterThan(0);
      for (const row of of) expect(missing(row), action).toEqual([]);
    }
    // One clock orders the log: every row carries the command's time (the test clock, days
    // from the database's own now()), whether the service or a database command wrote it.
    for (const row of rows)
      expect(new Date(row.created_at).toISOString(), row.action).toBe(clock.now().toISOString());
    // Every detail key and every coded value has its words in the console (admin:audit).
    const keys = new Set<string>(AUDIT_DETAIL_KEYS);
    const coded = new Set<string>(AUDIT_CODED_KEYS);
    const values = new Set<string>(AUDIT_VALUES);
    for (const row of rows) {
      for (const [key, value] of Object.entries({ ...row.before, ...row.after })) {
        if (key === "currency") continue;
        expect(keys.has(key), `audit detail key ${key}`).toBe(true);
        if (coded.has(key) && typeof value === "string")
          expect(values.has(value), `audit value ${key}=${value}`).toBe(true);
      }
    }
  });

  it("gives the bonus grant's row its role, amount, reason, before/after and address, in the CSV too", async () => {
    const admin = await staff("admin");
    const member = await createSignedInMember(t.app);
    await ok(
      admin.c.request(
        "POST",
        `/api/admin/members/${member.id}/bonuses`,
        { amount: "1500", reason: "Launch week prize" },
        key(),
      ),
      201,
    );
    const page = (
      await admin.c.request("GET", `/api/admin/audit?action=bonus.grant&target=${member.id}`)
    ).json();
    expect(page.events).toHaveLength(1);
    expect(page.events[0]).toMatchObject({
      actor: { id: admin.id },
      actorRole: "admin",
      target: { id: member.id },
      targetType: "event_bonus",
      reason: "Launch week prize",
      before: { status: null },
      after: { status: "AVAILABLE", amount: "1500000000", currency: "USDT" },
      address: admin.c.ip,
    });
    const csv = await admin.c.request(
      "GET",
      `/api/admin/audit.csv?action=bonus.grant&target=${member.id}`,
    );
    const [header, line] = csv.body.trim().split("\n");
    expect(header).toBe(AUDIT_CSV_COLUMNS.join(","));
    const cells = Object.fromEntries(
      AUDIT_CSV_COLUMNS.map((c, i) => [c, parseCsvLine(line ?? "")[i]]),
    );
    expect(cells).toMatchObject({
      actor: admin.user.username,
      actor_role: "admin",
      action: "bonus.grant",
      target: member.user.username,
      target_type: "event_bonus",
      reason: "Launch week prize",
      views: "",
      usdt: "1500000000",
      address: admin.c.ip,
    });
    expect(JSON.parse(cells.after ?? "")).toMatchObject({ status: "AVAILABLE" });
  });
});

/** One CSV line (quoted cells with doubled quotes). */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
