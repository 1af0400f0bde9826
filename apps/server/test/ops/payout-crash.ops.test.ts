import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client";
import { verifyLedger } from "../../src/modules/ledger/verify-ledger";
import { createTestApp, type TestApp } from "../app";
import { type LocalChains, startLocalChains } from "../chain/local-chain.mjs";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../database";
import { createSignedInMember, type SignedInMember, TEST_PASSWORD, USDT } from "../factories";
import { freePort, OPS_SECRET, type ServerProcess, sleep, startServer } from "./server-process";

/**
 * ADR 058's crash drill: the built server sends a BEP20 withdrawal from the hot wallet of a real
 * local chain (anvil) and is killed with SIGKILL (PAYOUT_CRASH_DRILL) right after the send
 * committed — signed and recorded, not broadcast — or right after the broadcast, before it was
 * recorded as broadcast. After a restart (no drill) the confirmations job re-broadcasts the SAME
 * signed transaction, the staff member's retry replays its answer: exactly one transfer reaches
 * the member's address, one send is recorded, the ledger pays the withdrawal once and verifies.
 */
let chains: LocalChains | null = null;
let anvilProblem = "";
try {
  chains = await startLocalChains();
} catch (error) {
  anvilProblem = `anvil could not start: ${(error as Error).message}`;
}
const skip = !pgUrl || !chains;
const suite = describe.skipIf(skip);
const why = !pgUrl
  ? `skipped: ${PG_SKIP_REASON}`
  : !chains
    ? `skipped: ${anvilProblem}`
    : "running";

async function request(
  url: string,
  cookie: string,
  method: "GET" | "POST" | "PUT",
  route: string,
  body?: unknown,
  key?: string,
) {
  try {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        origin: url,
        cookie,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(key ? { "idempotency-key": key } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    return {
      ok: true as const,
      status: res.status,
      body: await res.text(),
      replayed: res.headers.get("idempotent-replayed") === "true",
    };
  } catch (error) {
    return { ok: false as const, error: String(error) };
  }
}

suite(`payout crash drills on a local chain (${why})`, () => {
  let t: TestApp;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ServerProcess | undefined;
  const local = () => chains as LocalChains;
  const chainEnv = () => ({
    ...local().env({ confirmations: 1 }),
    CHAIN_BEP20_DAILY_CAP_USDT: "100000",
    CHAIN_ERC20_DAILY_CAP_USDT: "100000",
    LOG_LEVEL: "error",
  });

  beforeAll(async () => {
    database = await createPostgresDatabase(5);
    t = await createTestApp({ database, env: { BETTER_AUTH_SECRET: OPS_SECRET } });
  });
  afterAll(async () => {
    server?.kill("SIGKILL");
    await t?.close();
    await database?.close();
    await chains?.stop();
  });

  async function postings(withdrawalId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ledger_transactions
          where kind = 'withdrawal_payout' and memo ->> 'withdrawalId' = ${withdrawalId}`,
    );
    return row?.n ?? 0;
  }

  async function drill(at: "signed" | "broadcast", wallet: `0x${string}`) {
    const port = await freePort();
    server = await startServer({
      port,
      databaseUrl: database.url,
      env: { ...chainEnv(), PAYOUT_CRASH_DRILL: at },
    });
    const url = server.url;
    const member = await createSignedInMember(t.app, { usdt: USDT(100) });
    const staff: SignedInMember = await createSignedInMember(t.app, {
      role: "support",
      twoFactor: true,
    });
    const unlock = await request(url, staff.c.cookie, "POST", "/api/support/desk/unlock", {
      password: TEST_PASSWORD,
    });
    expect(unlock.ok && unlock.status, JSON.stringify(unlock)).toBe(200);
    const asked = await request(
      url,
      member.c.cookie,
      "POST",
      "/api/withdrawals",
      { password: TEST_PASSWORD, network: "BEP20", walletAddress: wallet, amount: "100" },
      `drill-${at}-withdraw`,
    );
    expect(asked.ok && asked.status, JSON.stringify(asked)).toBe(201);
    const withdrawalId = JSON.parse(asked.ok ? asked.body : "{}").withdrawal.id as string;
    const [req] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from support_requests where withdrawal_id = ${withdrawalId}`,
    );
    const requestId = req?.id as string;
    const taken = await request(
      url,
      staff.c.cookie,
      "PUT",
      `/api/support/desk/requests/${requestId}/status`,
      { status: "PROCESSING" },
      `drill-${at}-take`,
    );
    expect(taken.ok && taken.status, JSON.stringify(taken)).toBe(200);

    const before = await local().tokenBalance("BEP20", wallet);
    const sendKey = `drill-${at}-send`;
    const send = () =>
      request(
        url2(),
        staff.c.cookie,
        "POST",
        `/api/support/desk/requests/${requestId}/send`,
        undefined,
        sendKey,
      );
    let current = url;
    const url2 = () => current;
    // The click: the server dies during it (the answer never comes).
    const first = await send();
    expect(first.ok, "the server answered although it was killed").toBe(false);
    expect((await server.exited).signal).toBe("SIGKILL");

    const [recorded] = await queryRows<{ n: number; broadcast: number }>(
      database.db,
      sql`select count(*)::int as n, count(broadcast_at)::int as broadcast
          from payout_sends where withdrawal_id = ${withdrawalId}`,
    );
    // Signed and recorded before the broadcast; never recorded as broadcast.
    expect(recorded).toEqual({ n: 1, broadcast: 0 });
    const onChainAtCrash = (await local().tokenBalance("BEP20", wallet)) - before;
    // "signed": nothing reached the chain; "broadcast": the one transfer did.
    expect(onChainAtCrash).toBe(at === "signed" ? 0n : 98n * 10n ** 18n);

    // Restart without the drill: the job re-broadcasts the recorded transaction and follows it.
    server = await startServer({ port, databaseUrl: database.url, env: chainEnv() });
    current = server.url;
    // The staff member's retry with the same key replays the first answer: nothing new is signed.
    const retry = await send();
    expect(retry.ok && retry.status, JSON.stringify(retry)).toBe(200);
    expect(retry.ok && retry.replayed).toBe(true);

    const deadline = Date.now() + 60_000;
    let status = "";
    while (Date.now() < deadline) {
      const [row] = await queryRows<{ status: string }>(
        database.db,
        sql`select status from manual_claims where id = ${withdrawalId}`,
      );
      status = row?.status ?? "";
      if (status === "COMPLETED") break;
      await local().mine("BEP20", 1);
      await sleep(1_000);
    }
    expect(status, server.output()).toBe("COMPLETED");
    // Exactly one transfer of the net amount (100 − 2 USDT fee, 18 decimals) reached the member.
    expect((await local().tokenBalance("BEP20", wallet)) - before).toBe(98n * 10n ** 18n);
    const [sends] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from payout_sends where withdrawal_id = ${withdrawalId}`,
    );
    expect(sends?.n).toBe(1);
    expect(await postings(withdrawalId)).toBe(1);
    expect((await verifyLedger(database.db)).problems).toEqual([]);
    server.kill("SIGTERM");
    await server.exited;
  }

  it("killed between signing and broadcasting: one transfer after the restart, paid once", async () => {
    try {
      await drill("signed", "0x4444444444444444444444444444444444444444");
    } finally {
      server?.kill("SIGKILL");
    }
  });

  it("killed between broadcasting and recording it: still one transfer, paid once", async () => {
    try {
      await drill("broadcast", "0x5555555555555555555555555555555555555555");
    } finally {
      server?.kill("SIGKILL");
    }
  });
});
