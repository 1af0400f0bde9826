import { ADMIN } from "@viewvault/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember, type SignedInMember, TEST_PASSWORD } from "../../../test/factories";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

let t: TestApp;
let admin: SignedInMember;
const clock = fixedClock("2026-11-21T12:00:00.000Z");
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

async function stepUp(who: SignedInMember = admin) {
  const res = await who.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
}

describe("roles and step-up", () => {
  it("refuses changing one's own role", async () => {
    const res = await admin.c.request("PUT", `/api/admin/members/${admin.id}/role`, {
      role: "member",
      reason: "x",
    });
    expect(res.json()).toMatchObject({ code: "FORBIDDEN", params: { context: "selfRole" } });
  });

  it("asks for a password or 2FA code, which lasts ADMIN.stepUpMinutes", async () => {
    const other = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
    const m = await createSignedInMember(t.app);
    const url = `/api/admin/members/${m.id}/role`;
    const body = { role: "support", reason: "joins the desk" };
    expect((await other.c.request("PUT", url, body)).json().code).toBe("STEP_UP_REQUIRED");
    expect((await other.c.request("GET", "/api/admin/step-up")).json()).toEqual({ stepUp: null });

    const wrong = await other.c.request("POST", "/api/admin/step-up", { password: "wrong-one" });
    expect(wrong.json().code).toBe("INVALID_CREDENTIALS");
    expect((await other.c.request("PUT", url, body)).json().code).toBe("STEP_UP_REQUIRED");

    await stepUp(other);
    const changed = await other.c.request("PUT", url, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().role).toBe("support");

    clock.advance(ADMIN.stepUpMinutes * 60_000 + 1000);
    const expired = await other.c.request("PUT", url, { role: "member", reason: "back" });
    expect(expired.json().code).toBe("STEP_UP_REQUIRED");
    const code = await other.totp?.();
    const byCode = await other.c.request("POST", "/api/admin/step-up", { code });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect((await other.c.request("PUT", url, { role: "member", reason: "back" })).statusCode).toBe(
      200,
    );

    // A confirmation belongs to its session: another session of the same admin confirms again.
    const audit = (await other.c.request("GET", `/api/admin/audit?target=${m.id}`)).json();
    expect(
      audit.events.map((e: { before: unknown; after: unknown }) => [e.before, e.after]),
    ).toEqual([
      [{ role: "support" }, { role: "member" }],
      [{ role: "member" }, { role: "support" }],
    ]);
  });
});
