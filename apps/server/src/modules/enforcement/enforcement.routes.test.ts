import { describe, expect, it } from "vitest";
import { client } from "../../../test/accounts";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, USDT } from "../../../test/factories";
import { memberEnforcement } from "../../db/schema";
import { verifyLedger } from "../ledger/verify-ledger";

const db = () => t.database.db;

const t = useTestApp();

/** Staff's pause as the fraud desk writes it (the desk's own route is tested in modules/fraud). */
async function pause(memberId: string, reason: string) {
  const at = new Date();
  await db()
    .insert(memberEnforcement)
    .values({ memberId, cashoutPausedAt: at, reason, updatedAt: at });
}

describe("a member's cash-out pause", () => {
  it("is none for a member in good standing, who has nothing to appeal", async () => {
    const { c } = await createSignedInMember(t.app);
    const own = await c.request("GET", "/api/me/enforcement");
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ cashoutPaused: null, inReview: false });
    const appeal = await c.request("POST", "/api/me/enforcement/appeal", { message: "why?" });
    expect(appeal.statusCode).toBe(409);
    expect(appeal.json().code).toBe("CONFLICT");
  });

  it("shows its reason, refuses a USDT transfer with it, and takes one appeal", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(200) });
    const to = await createSignedInMember(t.app);
    await pause(m.id, "shared device with a flagged cluster");
    const own = (await m.c.request("GET", "/api/me/enforcement")).json();
    expect(own.cashoutPaused).toMatchObject({
      reason: "shared device with a flagged cluster",
      appealRequestId: null,
    });

    const transfer = await m.c.request("POST", "/api/transfers", {
      recipient: to.me.profile.username,
      transferType: "USDT",
      amount: "100",
    });
    expect(transfer.statusCode).toBe(403);
    expect(transfer.json()).toMatchObject({
      code: "CASHOUT_PAUSED",
      params: { reason: "shared device with a flagged cluster" },
    });

    const first = await m.c.request("POST", "/api/me/enforcement/appeal", {
      message: "That device is my family's.",
    });
    expect(first.statusCode).toBe(200);
    const requestId = first.json().cashoutPaused.appealRequestId;
    expect(requestId).toEqual(expect.any(String));
    // Appealing again answers the standing appeal instead of opening another.
    const again = await m.c.request("POST", "/api/me/enforcement/appeal", { message: "again" });
    expect(again.json().cashoutPaused.appealRequestId).toBe(requestId);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it("is the member's own: anonymous requests are refused", async () => {
    expect((await client(t.app).request("GET", "/api/me/enforcement")).statusCode).toBe(401);
    const appeal = await client(t.app).request("POST", "/api/me/enforcement/appeal", {
      message: "x",
    });
    expect(appeal.statusCode).toBe(401);
  });
});
