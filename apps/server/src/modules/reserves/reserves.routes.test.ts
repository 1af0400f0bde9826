import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type InclusionProof, RATES, verifyInclusion } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { FakeChain } from "../../../test/chain-fake";
import {
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { verifyLedger } from "../ledger/verify-ledger";
import { signatureVerifies } from "./reserve-assets";
import { inclusionProof } from "./reserves.service";

// A hot wallet that really signs (anvil's well-known account 1 key: a test key, no funds anywhere).
const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const account = privateKeyToAccount(KEY);
const bep20 = new FakeChain("BEP20", { hotWallet: true });
if (bep20.hotWallet) {
  bep20.hotWallet.address = account.address;
  bep20.hotWallet.signMessage = (message) => account.signMessage({ message });
}
bep20.tokenMicroUsdt = USDT(40);

let t: TestApp;
let admin: SignedInMember;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ chains: { BEP20: bep20 } });
  admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
});
afterAll(() => t.close());

const snapshotNow = () => admin.c.request("POST", "/api/admin/reserves/snapshots");

describe("proof of reserves", () => {
  it("has nothing to show before the first snapshot", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/reserves" });
    expect(page.json()).toEqual({ latest: null, history: [] });
    const member = await createSignedInMember(t.app);
    const proof = await member.c.request("GET", "/api/reserves/latest/proof");
    expect(proof.statusCode).toBe(404);
    expect(proof.json().code).toBe("NOT_FOUND");
  });

  it("takes a snapshot on an admin's step-up, audited, whose total is the ledger's", async () => {
    const alice = await createSignedInMember(t.app, { usdt: USDT(12), views: 700n });
    await createSignedInMember(t.app, { usdt: USDT(3) });
    const listed = await alice.c.request("POST", "/api/marketplace/offers", {
      viewsQuantity: "200",
      pricePerView: "0.1",
    });
    expect(listed.statusCode, listed.body).toBe(201);

    expect((await snapshotNow()).json().code).toBe("STEP_UP_REQUIRED");
    const step = await admin.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
    expect(step.statusCode, step.body).toBe(200);
    const taken = await snapshotNow();
    expect(taken.statusCode, taken.body).toBe(201);
    const [audit] = await queryRows<{ target_id: string; actor_profile_id: string }>(
      db(),
      sql`select target_id, actor_profile_id from audit_events where action = 'reserves.snapshot'`,
    );
    expect(audit).toEqual({ target_id: taken.json().id, actor_profile_id: admin.id });

    const ledger = await verifyLedger(db());
    expect(ledger.ok).toBe(true);
    const usdt = ledger.totals.USDT?.members ?? 0n;
    const views =
      (ledger.totals.VIEWS?.members ?? 0n) + (ledger.totals.VIEWS?.system.marketplace_escrow ?? 0n);
    const page = (await t.app.inject({ method: "GET", url: "/api/reserves" })).json();
    expect(page.latest.totalMicroUsdt).toBe((usdt + views * RATES.microUsdtPerView).toString());
    expect(page.history).toHaveLength(1);

    // The hot wallet's USDT at the recorded block, its signature naming the root and date.
    const [asset] = page.latest.assets;
    expect(asset).toMatchObject({
      network: "BEP20",
      kind: "hot",
      blockNumber: "1234",
      microUsdt: USDT(40).toString(),
      counted: true,
    });
    expect(asset.message).toContain(`Root: ${page.latest.root}`);
    expect(asset.message).toContain(`Date: ${page.latest.takenAt}`);
    expect(await signatureVerifies(account.address, asset.message, asset.signature)).toBe(true);
    expect(page.latest.assetsMicroUsdt).toBe(USDT(40).toString());
    const total = BigInt(page.latest.totalMicroUsdt);
    expect(page.latest.coverageBasisPoints).toBe(Number((USDT(40) * 10_000n) / total));

    // Alice's leaf: her USDT, her views and her listed views at the rate; the path verifies.
    const proof = (
      await alice.c.request("GET", "/api/reserves/latest/proof")
    ).json() as InclusionProof;
    expect(proof.leaf.balance).toBe((USDT(12) + 700n * RATES.microUsdtPerView).toString());
    expect(proof.root).toBe(page.latest.root);
    expect(verifyInclusion(proof).ok).toBe(true);
  });

  it("serves the public file to download, and refuses malformed or unknown ids", async () => {
    const { latest } = (await t.app.inject({ method: "GET", url: "/api/reserves" })).json();
    const file = await t.app.inject({ method: "GET", url: `/api/reserves/${latest.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(`reserves-${latest.id}.json`);
    expect(file.json()).toMatchObject({ format: "viewvault-reserves/v1", root: latest.root });
    expect((await t.app.inject({ method: "GET", url: "/api/reserves/nope/file" })).statusCode).toBe(
      400,
    );
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/reserves/00000000-0000-4000-8000-000000000000/file",
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "GET",
      url: `/api/reserves/${latest.id}/proof`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("passes scripts/verify-reserves.mjs offline on the downloaded files, and fails it when altered", async () => {
    const { latest } = (await t.app.inject({ method: "GET", url: "/api/reserves" })).json();
    const file = (
      await t.app.inject({ method: "GET", url: `/api/reserves/${latest.id}/file` })
    ).json();
    const member = await createSignedInMember(t.app, { usdt: USDT(1) });
    // Not in a snapshot taken before the member had a balance.
    expect((await member.c.request("GET", "/api/reserves/latest/proof")).json().code).toBe(
      "NOT_FOUND",
    );
    const [someone] = await queryRows<{ profile_id: string }>(
      db(),
      sql`select profile_id::text from reserve_leaves where snapshot_id = ${latest.id} and balance > 0 limit 1`,
    );
    const dir = mkdtempSync(join(tmpdir(), "reserves-"));
    const script = join(import.meta.dirname, "../../../../../scripts/verify-reserves.mjs");
    const run = (proof: unknown, publicFile: unknown = file) => {
      writeFileSync(join(dir, "reserves.json"), JSON.stringify(publicFile));
      writeFileSync(join(dir, "proof.json"), JSON.stringify(proof));
      return spawnSync(
        process.execPath,
        [script, join(dir, "reserves.json"), join(dir, "proof.json")],
        {
          encoding: "utf8",
        },
      );
    };
    const proof = await inclusionProof(db(), latest.id, someone?.profile_id ?? "");
    const good = run(proof);
    expect(good.stdout).toContain("VERIFIED");
    expect(good.status).toBe(0);
    const richer = {
      ...proof,
      leaf: { ...proof.leaf, balance: (BigInt(proof.leaf.balance) + 1n).toString() },
    };
    expect(run(richer).status).toBe(1);
    expect(run(proof, { ...file, assetsMicroUsdt: "1" }).status).toBe(1);
  });

  it("refuses a snapshot of a ledger that does not balance, and alerts staff", async () => {
    // The ledger is append-only: unbalance it by 5, then put it back with −5.
    const post = (amount: number) =>
      queryRows(
        db(),
        sql`insert into ledger_entries (transaction_id, account_id, currency, amount)
            select t.id, a.id, 'USDT', ${amount} from ledger_transactions t, ledger_accounts a
             where a.kind = 'fees' and a.currency = 'USDT' limit 1`,
      );
    await post(5);
    try {
      const refused = await snapshotNow();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("RESERVES_SNAPSHOT_REFUSED");
      expect(refused.json().message).toContain("does not balance");
      const alerts = await queryRows<{ reason: string }>(
        db(),
        sql`select reason from reserve_alerts`,
      );
      expect(alerts).toHaveLength(1);
      const metrics = await t.app.metrics.registry.getSingleMetricAsString(
        "vv_reserves_snapshots_total",
      );
      expect(metrics).toContain('outcome="refused"} 1');
    } finally {
      await post(-5);
    }
  });
});
