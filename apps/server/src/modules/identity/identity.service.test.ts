import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { authOf, createSignedInMember, TEST_PASSWORD } from "../../../test/factories";
import type { Member } from "../../lib/member";
import { confirmIdentity, passwordMatches } from "./identity.service";

let t: TestApp;
let authSecret: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  authSecret = (await authOf(t.app)).secret;
});
afterAll(() => t.close());

/** confirmIdentity reads only the member's account id. */
const asMember = (m: { me: { user: { id: string } } }) =>
  ({ userId: m.me.user.id }) as unknown as Member;

describe("who a member proves to be", () => {
  it("matches the account's password and nothing else", async () => {
    const m = await createSignedInMember(t.app);
    expect(await passwordMatches(db(), m.me.user.id, TEST_PASSWORD)).toBe(true);
    expect(await passwordMatches(db(), m.me.user.id, `${TEST_PASSWORD}!`)).toBe(false);
  });

  it("confirms by password, or by a current TOTP code once two-factor is on", async () => {
    const plain = await createSignedInMember(t.app);
    await expect(
      confirmIdentity(db(), authSecret, asMember(plain), { password: TEST_PASSWORD }),
    ).resolves.toBeUndefined();
    await expect(
      confirmIdentity(db(), authSecret, asMember(plain), { code: "123456" }),
    ).rejects.toMatchObject({ code: "INVALID_CREDENTIALS" });

    const secured = await createSignedInMember(t.app, { twoFactor: true });
    const code = await secured.totp?.();
    await expect(
      confirmIdentity(db(), authSecret, asMember(secured), { code }),
    ).resolves.toBeUndefined();
    await expect(
      confirmIdentity(db(), authSecret, asMember(secured), {
        password: "wrong-one",
        code: "000000",
      }),
    ).rejects.toMatchObject({ code: "INVALID_CREDENTIALS" });
  });
});
