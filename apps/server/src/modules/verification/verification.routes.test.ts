import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { verifyLedger } from "../ledger/verify-ledger";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  const report = await verifyLedger(t.database.db);
  expect(report.problems).toEqual([]);
});

describe("account verification", () => {
  it("spends 1,000 views once and marks the account verified", async () => {
    const { c } = await createSignedInMember(t.app, { views: 2_500n });
    expect((await c.request("GET", "/api/me")).json().profile.isVerified).toBe(false);
    const res = await c.request("POST", "/api/me/verify", undefined, {
      "idempotency-key": "verify-0001",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isVerified: true, costViews: "1000" });
    expect(res.json().balances.views).toBe("1500");
    expect((await c.request("GET", "/api/me")).json().profile.isVerified).toBe(true);
    const again = await c.request("POST", "/api/me/verify");
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("ALREADY_VERIFIED");
    expect((await c.request("GET", "/api/balances")).json().views).toBe("1500");
  });

  it("refuses below 1,000 views with the seed's Portuguese message, translated in English", async () => {
    const { c } = await createSignedInMember(t.app, { views: 999n });
    const res = await c.request("POST", "/api/me/verify");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      params: { context: "verification", cost: "1000" },
      message: "Insufficient views: you need 1,000 views to verify your account",
    });
    await c.request("PATCH", "/api/me/profile", { locale: "pt-BR" });
    const pt = await c.request("POST", "/api/me/verify");
    expect(pt.json().message).toBe(
      "Views insuficientes: você precisa de 1.000 views para verificar sua conta",
    );
    expect((await c.request("GET", "/api/me")).json().profile.isVerified).toBe(false);
  });
});
