import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { postTransaction } from "./ledger.service";
import { verifyLedger } from "./verify-ledger";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  const report = await verifyLedger(db());
  expect(report.problems).toEqual([]);
});

function member(views = 0n, usdt = 0n) {
  return createSignedInMember(t.app, { views, usdt });
}

describe("the ledger service", () => {
  it("refuses an unbalanced posting and a member overdraft, writing nothing", async () => {
    const { me } = await member(50n);
    await expect(
      db().transaction((tx) =>
        postTransaction(tx, {
          kind: "adjustment",
          actorProfileId: null,
          legs: [{ account: { member: me.profile.id, currency: "VIEWS" }, amount: 5n }],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      db().transaction((tx) =>
        postTransaction(tx, {
          kind: "adjustment",
          actorProfileId: null,
          legs: [
            { account: { member: me.profile.id, currency: "VIEWS" }, amount: -51n },
            { account: { system: "rewards", currency: "VIEWS" }, amount: 51n },
          ],
        }),
      ),
    ).rejects.toThrow(/insufficient VIEWS/);
  });
});
