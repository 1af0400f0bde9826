import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteDatabase } from "../../../test/database";
import type { Database } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { insertOutboxMessage, listRecentMessages } from "./mail.repository";
import { createMailer, messageIdOf, RETRY_DELAYS_MS } from "./mail.service";
import { renderMail } from "./mail.templates";

let database: Database;
beforeAll(async () => {
  database = await createPgliteDatabase();
});
afterAll(() => database.close());

const silent = { info() {}, warn() {}, error() {} };

describe("mailer", () => {
  it("keeps a failed message in the outbox and delivers it on retry", async () => {
    const clock = fixedClock("2026-11-21T12:00:00Z");
    let fail = true;
    const sent: string[] = [];
    const transport = {
      async sendMail(message: { to: string }) {
        if (fail) throw new Error("SMTP down");
        sent.push(message.to);
        return {};
      },
    };
    const mailer = createMailer({
      db: database.db,
      clock,
      log: silent,
      from: "x@y.z",
      publicUrl: "http://localhost:3000",
      transport: transport as never,
    });
    const row = await mailer.send({
      to: "a@example.test",
      subject: "s",
      text: "t",
      html: "h",
      kind: "test",
    });
    await mailer.stop(); // wait for the immediate attempt
    let [stored] = (await listRecentMessages(database.db, 10)).filter((m) => m.id === row.id);
    expect(stored).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP down" });

    // Not due yet: nothing is sent before the retry delay.
    fail = false;
    expect(await mailer.deliverDue()).toBe(0);
    clock.advance(RETRY_DELAYS_MS[0] as number);
    expect(await mailer.deliverDue()).toBe(1);
    [stored] = (await listRecentMessages(database.db, 10)).filter((m) => m.id === row.id);
    expect(stored?.status).toBe("sent");
    expect(sent).toEqual(["a@example.test"]);
  });

  it("gives up after the last retry and marks the message failed", async () => {
    const clock = fixedClock("2026-11-21T12:00:00Z");
    const transport = { sendMail: async () => Promise.reject(new Error("mailbox unavailable")) };
    const mailer = createMailer({
      db: database.db,
      clock,
      log: silent,
      from: "x@y.z",
      publicUrl: "http://localhost:3000",
      transport: transport as never,
    });
    const row = await mailer.send({
      to: "b@example.test",
      subject: "s",
      text: "t",
      html: "h",
      kind: "test",
    });
    await mailer.stop();
    for (const delay of RETRY_DELAYS_MS) {
      clock.advance(delay);
      await mailer.deliverDue();
    }
    const [stored] = (await listRecentMessages(database.db, 10)).filter((m) => m.id === row.id);
    expect(stored).toMatchObject({ status: "failed", attempts: RETRY_DELAYS_MS.length + 1 });
  });

  it("stops between messages on shutdown and gives the rest back, due now, attempt not counted", async () => {
    const clock = fixedClock("2026-11-21T12:00:00Z");
    const sent: Array<{ to: string; messageId: string }> = [];
    let mailer: ReturnType<typeof createMailer> | undefined;
    const transport = {
      async sendMail(message: { to: string; messageId: string }) {
        sent.push(message);
        // The process is told to stop while the first message is being sent.
        if (sent.length === 1) void mailer?.stop();
        return {};
      },
    };
    mailer = createMailer({
      db: database.db,
      clock,
      log: silent,
      from: "ViewVault <no-reply@viewvault.example>",
      publicUrl: "http://localhost:3000",
      transport: transport as never,
    });
    for (const to of ["c1@example.test", "c2@example.test", "c3@example.test"])
      await insertOutboxMessage(
        database.db,
        { to, subject: "s", text: "t", html: "h", kind: "test" },
        clock.now(),
      );
    expect(await mailer.deliverDue()).toBe(1);
    expect(sent).toHaveLength(1);
    const rows = (await listRecentMessages(database.db, 50)).filter((m) => m.to.startsWith("c"));
    const first = rows.find((m) => m.to === sent[0]?.to);
    expect(first).toMatchObject({ status: "sent", attempts: 1 });
    expect(sent[0]?.messageId).toBe(`<${first?.id}@viewvault.example>`);
    for (const rest of rows.filter((m) => m !== first)) {
      expect(rest).toMatchObject({ status: "pending", attempts: 0 });
      expect(rest.nextAttemptAt.getTime()).toBe(clock.now().getTime());
    }
  });
});

describe("messageIdOf", () => {
  it("names the message by its outbox id at the sender's domain", () => {
    expect(messageIdOf("4f1c", "ViewVault <no-reply@viewvault.local>")).toBe(
      "<4f1c@viewvault.local>",
    );
    expect(messageIdOf("4f1c", "x@y.z")).toBe("<4f1c@y.z>");
    expect(messageIdOf("4f1c", "no address")).toBe("<4f1c@viewvault.local>");
  });
});

describe("mail templates", () => {
  it("renders both languages with the link in text and HTML, escaping values", () => {
    const en = renderMail("resetPassword", "en", { url: "http://localhost:3000/r?a=1&b=2" });
    expect(en.subject).toBe("Reset your ViewVault password");
    expect(en.text).toContain("http://localhost:3000/r?a=1&b=2");
    expect(en.html).toContain("http://localhost:3000/r?a=1&#38;b=2");
    const pt = renderMail("verifyEmail", "pt-BR", { url: "http://x", username: "<b>ana</b>" });
    expect(pt.subject).toBe("Confirme sua conta ViewVault");
    expect(pt.html).not.toContain("<b>ana</b>");
  });
});
