import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { mailOutbox, profiles } from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const SUPPORT_INBOX = "support-inbox@viewvault.test";

let t: TestApp;
const clock = fixedClock("2026-11-20T12:00:00Z");
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
      SUPPORT_EMAIL: SUPPORT_INBOX,
    },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  const report = await verifyLedger(db());
  expect(report.problems).toEqual([]);
});

let keys = 0;
function withdraw(c: Client, body: Record<string, unknown>, key = `withdraw-key-${++keys}`) {
  return c.request(
    "POST",
    "/api/withdrawals",
    { password: TEST_PASSWORD, network: "TRC20", walletAddress: TRON, ...body },
    { "idempotency-key": key },
  );
}

async function overview(c: Client) {
  return (await c.request("GET", "/api/withdrawals")).json();
}

async function verified(m: SignedInMember) {
  await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
}

describe("the withdrawal form's checks, in the seed's order, with its messages", () => {
  it.each([
    [{ amount: "" }, "INVALID_AMOUNT", "Please enter a valid amount"],
    [{ amount: "abc" }, "INVALID_AMOUNT", "Please enter a valid amount"],
    [{ amount: "100.001" }, "INVALID_AMOUNT", "Please enter a valid amount"],
    [{ amount: "99.99" }, "BELOW_MINIMUM", "Minimum withdrawal is 100.00 USDT"],
    [{ amount: "150" }, "INSUFFICIENT_BALANCE", "Insufficient balance"],
    [
      { amount: "100", walletAddress: "  " },
      "WALLET_ADDRESS_REQUIRED",
      "Please enter your wallet address",
    ],
    [
      { amount: "100", walletAddress: "T123" },
      "INVALID_WALLET_ADDRESS",
      "Please enter a valid wallet address",
    ],
    [
      { amount: "100", walletAddress: EVM },
      "INVALID_WALLET_ADDRESS",
      "This is not a valid TRC20 address (T…, 34 characters)",
    ],
    [
      { amount: "100", network: "ERC20", walletAddress: TRON },
      "INVALID_WALLET_ADDRESS",
      "This is not a valid ERC20 address (0x and 40 hexadecimal characters)",
    ],
    [
      { amount: "100", network: "BEP20", walletAddress: EVM.replace("aA", "Aa") },
      "INVALID_WALLET_ADDRESS",
      "This address has a typo: its checksum does not match",
    ],
    [
      { amount: "100", walletAddress: `${TRON.slice(0, -1)}u` },
      "INVALID_WALLET_ADDRESS",
      "This address has a typo: its checksum does not match",
    ],
  ])("%j → %s", async (body, code, message) => {
    const { c } = await createSignedInMember(t.app, { usdt: USDT(120) });
    const res = await withdraw(c, body);
    expect(res.json()).toMatchObject({ code, message });
    expect((await overview(c)).balances).toMatchObject({ usdt: "120000000", pendingUsdt: "0" });
  });

  it("answers in Portuguese for a Portuguese member", async () => {
    const { c } = await createSignedInMember(t.app, { usdt: USDT(120), locale: "pt-BR" });
    expect((await withdraw(c, { amount: "50" })).json().message).toBe(
      "O saque mínimo é de 100,00 USDT",
    );
  });

  it("asks for the password or a 2FA code, and refuses a wrong one", async () => {
    const { c } = await createSignedInMember(t.app, { usdt: USDT(120) });
    const missing = await withdraw(c, { amount: "100", password: undefined });
    expect(missing.json()).toMatchObject({ code: "INVALID_CREDENTIALS" });
    const wrong = await withdraw(c, { amount: "100", password: "not-my-password" });
    expect(wrong.json()).toMatchObject({ code: "INVALID_CREDENTIALS" });
    expect((await overview(c)).balances.pendingUsdt).toBe("0");
  });

  it("accepts a 2FA code instead of the password", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(120), twoFactor: true });
    const res = await withdraw(m.c, { amount: "100", password: undefined, code: await m.totp!() });
    expect(res.statusCode).toBe(201);
  });
});

describe("a withdrawal request", () => {
  it("moves the amount to escrow at once, records SENT, e-mails the member and support, replays once", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(250) });
    await verified(m);
    const res = await withdraw(m.c, { amount: "100.50" }, "withdraw-once-key");
    expect(res.statusCode).toBe(201);
    expect(res.json().withdrawal).toMatchObject({
      amount: "100500000",
      fee: "1000000",
      net: "99500000",
      network: "TRC20",
      walletAddress: TRON,
      status: "SENT",
      needsSecondApproval: false,
    });
    expect(res.json().balances).toMatchObject({ usdt: "149500000", pendingUsdt: "100500000" });
    const replay = await withdraw(m.c, { amount: "100.50" }, "withdraw-once-key");
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().withdrawal.id).toBe(res.json().withdrawal.id);
    const view = await overview(m.c);
    expect(view.withdrawals).toHaveLength(1);
    expect(view.balances).toMatchObject({ usdt: "149500000", pendingUsdt: "100500000" });
    const mails = await db().select().from(mailOutbox);
    expect(mails.some((x) => x.to === m.user.email && x.template === "withdrawalSubmitted")).toBe(
      true,
    );
    expect(
      mails.some((x) => x.to === SUPPORT_INBOX && x.params?.username === m.user.username),
    ).toBe(true);
    // It also appears as the member's support request with the seed's fields.
    const own = (await m.c.request("GET", "/api/support/requests")).json();
    expect(own.requests[0]).toMatchObject({
      username: m.user.username,
      requestType: "WITHDRAWAL",
      amountUsdt: "100500000",
      network: "TRC20",
      walletAddress: TRON,
      status: "PENDING",
    });
  });

  it("holds the daily limit: unverified 100 USDT, verified 5,000 USDT, from 00:00 UTC", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(6_000) });
    expect((await withdraw(m.c, { amount: "100" })).statusCode).toBe(201);
    const over = await withdraw(m.c, { amount: "100" });
    expect(over.json()).toMatchObject({
      code: "DAILY_LIMIT_REACHED",
      message:
        "This exceeds your daily withdrawal limit of 100.00 USDT (0.00 USDT left today, until 00:00 UTC)",
    });
    // What the page shows decides before the password: no password step for a sure refusal.
    const unasked = await withdraw(m.c, { amount: "100", password: undefined });
    expect(unasked.json()).toMatchObject({ code: "DAILY_LIMIT_REACHED", field: "amount" });
    await verified(m);
    expect((await withdraw(m.c, { amount: "4900" })).statusCode).toBe(201);
    expect((await withdraw(m.c, { amount: "100" })).json().code).toBe("DAILY_LIMIT_REACHED");
    const before = clock.now();
    clock.set("2026-11-21T00:00:00Z");
    try {
      expect((await withdraw(m.c, { amount: "100" })).statusCode).toBe(201);
    } finally {
      clock.set(before);
    }
  });

  it("refuses a payout wallet changed less than 24 hours ago, and e-mails the member about the change", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(300) });
    const saved = await m.c.request("PUT", "/api/me/wallet", {
      walletNetwork: "ERC20",
      walletAddress: EVM,
      password: TEST_PASSWORD,
    });
    expect(saved.statusCode).toBe(200);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.profileId, m.id));
    expect(mails.map((x) => x.template)).toContain("walletChanged");
    const view = await overview(m.c);
    expect(view.wallet).toMatchObject({ address: EVM, network: "ERC20" });
    expect(view.wallet.heldUntil).toBe("2026-11-21T12:00:00.000Z");
    const res = await withdraw(m.c, { amount: "100", network: "ERC20", walletAddress: EVM });
    expect(res.json()).toMatchObject({ code: "WALLET_ADDRESS_TOO_NEW", field: "walletAddress" });
    const unasked = await withdraw(m.c, {
      amount: "100",
      network: "ERC20",
      walletAddress: EVM,
      password: "not-the-password",
    });
    expect(unasked.json()).toMatchObject({ code: "WALLET_ADDRESS_TOO_NEW" });
    const before = clock.now();
    clock.advance(24 * 3_600_000 + 1_000);
    try {
      const later = await withdraw(m.c, { amount: "100", network: "ERC20", walletAddress: EVM });
      expect(later.statusCode).toBe(201);
      expect(later.json().withdrawal.fee).toBe("5000000");
    } finally {
      clock.set(before);
    }
  });
});
