import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { client } from "../../../test/accounts";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, USDT } from "../../../test/factories";
import { profiles } from "../../db/schema";

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

describe("transfers", () => {
  it("sends views by username and USDT by id, with history on both sides", async () => {
    const a = await member(500n, USDT(300));
    const b = await member();
    const preview = await a.c.request(
      "GET",
      `/api/transfers/recipient?query=${b.me.profile.username}`,
    );
    expect(preview.json()).toMatchObject({ id: b.me.profile.id, username: b.me.profile.username });

    const views = await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.username,
      transferType: "VIEWS",
      amount: "120",
    });
    expect(views.statusCode).toBe(200);
    expect(views.json().transfer).toMatchObject({
      direction: "sent",
      amount: "120",
      status: "COMPLETED",
    });
    const usdt = await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.id,
      transferType: "USDT",
      amount: "100.50",
    });
    expect(usdt.statusCode).toBe(200);
    expect(await balances(a.c)).toMatchObject({ views: "380", usdt: "199500000" });
    expect(await balances(b.c)).toMatchObject({ views: "120", usdt: "100500000" });
    const history = (await b.c.request("GET", "/api/transfers")).json().transfers;
    expect(
      history.map(
        (x: { direction: string; transferType: string }) => `${x.direction}:${x.transferType}`,
      ),
    ).toEqual(["received:USDT", "received:VIEWS"]);
  });

  it("reads the recipient with the shared rule and settles whether they can receive at commit (ADR 043)", async () => {
    const a = await member(1_000n);
    const b = await member();
    const send = (recipient: string, headers: Record<string, string> = {}) =>
      a.c.request(
        "POST",
        "/api/transfers",
        { recipient, transferType: "VIEWS", amount: "100" },
        headers,
      );
    const named = await send(`  @${b.me.profile.username.toUpperCase()} `);
    expect(named.statusCode).toBe(200);
    expect(named.json().transfer.recipient.id).toBe(b.me.profile.id);
    expect((await send(b.me.profile.id.toUpperCase())).statusCode).toBe(200);
    const noOne = await send("bru-no");
    expect(noOne.statusCode).toBe(404);
    expect(noOne.json().code).toBe("RECIPIENT_NOT_FOUND");

    const first = await send(b.me.profile.username, { "idempotency-key": "recipient-rule-1" });
    expect(first.statusCode).toBe(200);
    await db().update(profiles).set({ suspended: true }).where(eq(profiles.id, b.me.profile.id));
    for (const recipient of [b.me.profile.username, b.me.profile.id]) {
      const refused = await send(recipient);
      expect(refused.statusCode, recipient).toBe(404);
      expect(refused.json().code).toBe("RECIPIENT_NOT_FOUND");
    }
    // The key was claimed before the recipient was checked: its retry replays the first answer.
    const retry = await send(b.me.profile.username, { "idempotency-key": "recipient-rule-1" });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json().transfer.id).toBe(first.json().transfer.id);
    expect(await balances(a.c)).toMatchObject({ views: "700" });
  });

  it("answers every seed message and changes nothing", async () => {
    const a = await member(150n, USDT(150));
    const b = await member();
    const send = (body: Record<string, string>) =>
      a.c.request("POST", "/api/transfers", {
        recipient: b.me.profile.username,
        transferType: "VIEWS",
        amount: "100",
        ...body,
      });
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ amount: "abc" }, 400, "Please enter a valid amount"],
      [{ amount: "99" }, 422, "Minimum transfer is 100 views"],
      [{ transferType: "USDT", amount: "99.99" }, 422, "Minimum transfer is 100.00 USDT"],
      [{ amount: "151" }, 422, "Insufficient view balance"],
      [{ transferType: "USDT", amount: "150.01" }, 422, "Insufficient USDT balance"],
      [{ recipient: a.me.profile.username }, 422, "Cannot transfer to yourself"],
      [{ recipient: a.me.profile.id }, 422, "Cannot transfer to yourself"],
      [{ recipient: "nobody_by_that_name" }, 404, "Recipient not found"],
      [{ recipient: "00000000-0000-0000-0000-000000000000" }, 404, "Recipient not found"],
    ];
    for (const [body, status, message] of cases) {
      const res = await send(body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const empty = await send({ recipient: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0].message).toBe("Please enter recipient ID");
    expect(await balances(a.c)).toMatchObject({ views: "150", usdt: "150000000" });
  });

  it("never lets a member move another member's money by changing an id", async () => {
    const a = await member(500n);
    const victim = await member(500n);
    // There is no sender field: any extra id in the body is ignored, the sender is the session.
    const res = await a.c.request("POST", "/api/transfers", {
      recipient: a.me.profile.username,
      transferType: "VIEWS",
      amount: "100",
      senderId: victim.me.profile.id,
    });
    expect(res.json().message).toBe("Cannot transfer to yourself");
    expect(await balances(victim.c)).toMatchObject({ views: "500" });
    const anonymous = await client(t.app).request("POST", "/api/transfers", {
      recipient: a.me.profile.username,
      transferType: "VIEWS",
      amount: "100",
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("transfer e-mails", () => {
  it("e-mails the recipient in their language unless they turned transaction e-mails off", async () => {
    const { lastMailTo, mailCount } = await import("../../../test/accounts");
    const a = await member(1_000n);
    const b = await createSignedInMember(t.app, { locale: "pt-BR" });
    await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.username,
      transferType: "VIEWS",
      amount: "150",
    });
    const mail = await lastMailTo(db(), b.user.email);
    expect(mail.kind).toBe("transfer-received");
    expect(mail.subject).toBe("Você recebeu 150 views no ViewVault");
    expect(mail.text).toContain(`@${a.me.profile.username}`);
    const before = await mailCount(db(), b.user.email);
    await b.c.request("PUT", "/api/me/notifications", {
      newSignIn: true,
      transactions: false,
      product: false,
    });
    await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.username,
      transferType: "VIEWS",
      amount: "150",
    });
    expect(await mailCount(db(), b.user.email)).toBe(before);
  });
});
