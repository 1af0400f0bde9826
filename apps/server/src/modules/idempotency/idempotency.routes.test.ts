import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, fund } from "../../../test/factories";

const db = () => t.database.db;

const t = useTestApp({
  env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  verifyLedger: true,
});

function member(views = 0n, usdt = 0n) {
  return createSignedInMember(t.app, { views, usdt });
}

async function balances(c: Awaited<ReturnType<typeof member>>["c"]) {
  return (await c.request("GET", "/api/balances")).json() as {
    views: string;
    usdt: string;
    pendingUsdt: string;
  };
}

describe("idempotency", () => {
  it("replays the first response byte for byte and refuses the key with another body", async () => {
    const a = await member(1_000n);
    const b = await member();
    const body = { recipient: b.me.profile.username, transferType: "VIEWS", amount: "100" };
    const key = { "idempotency-key": `transfer-${Date.now()}` };
    const first = await a.c.request("POST", "/api/transfers", body, key);
    const second = await a.c.request("POST", "/api/transfers", body, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(await balances(b.c)).toMatchObject({ views: "100" });
    const other = await a.c.request("POST", "/api/transfers", { ...body, amount: "200" }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(
      (await a.c.request("POST", "/api/transfers", body, { "idempotency-key": "bad key!" }))
        .statusCode,
    ).toBe(400);
  });

  it("lets a failed request be retried with the same key", async () => {
    const a = await member(50n);
    const b = await member();
    const body = { recipient: b.me.profile.username, transferType: "VIEWS", amount: "100" };
    const key = { "idempotency-key": `retry-${Date.now()}` };
    expect((await a.c.request("POST", "/api/transfers", body, key)).statusCode).toBe(422);
    await fund(db(), a.me.profile.id, { views: 100n });
    expect((await a.c.request("POST", "/api/transfers", body, key)).statusCode).toBe(200);
  });
});
