import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, registerMember } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());

describe("development mailbox", () => {
  it("lists e-mails on the embedded database and does not exist when disabled", async () => {
    // A sign-up writes the confirmation e-mail the mailbox then lists.
    await registerMember(t.app, db());
    const on = await client(t.app).request("GET", "/api/dev/mailbox");
    expect(on.statusCode).toBe(200);
    expect(on.json().messages.length).toBeGreaterThan(0);
    const off = await createTestApp({
      env: { DEV_MAILBOX: "0", BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    });
    try {
      expect((await off.app.inject({ method: "GET", url: "/api/dev/mailbox" })).statusCode).toBe(
        404,
      );
    } finally {
      await off.close();
    }
  });
});
