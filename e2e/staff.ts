import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, getJson, submitSignIn } from "./fixtures";
import { totp } from "./totp";

/**
 * The demo staff accounts (support, admin) have two-factor authentication on from the demo seed
 * with a public key (apps/server/src/seed/demo-staff-two-factor.ts). Every journey signs
 * them in through here, so no journey turns 2FA on or off for the others.
 */
const STAFF_TOTP = "KZEUKV2WIFKUYVCEIVGU6U2UIFDEMVCPKRIEWRKZGIZTINJWG5AUE===";
export const STAFF = {
  support: { email: "support@viewvault.local", password: "support-password-1" },
  admin: { email: "admin@viewvault.local", password: "admin-password-1" },
  /** The second demo admin: approves payouts the first one processed (four eyes). */
  admin2: { email: "admin2@viewvault.local", password: "admin2-password-1" },
};

/**
 * A TOTP code not used before in its 30-second window (a code is accepted once). Staff sign in
 * in several journeys and projects, so the windows used are remembered in a file.
 */
export async function freshStaffCode(): Promise<string> {
  const file = path.join(tmpdir(), `vv-e2e-staff-totp-used-${process.env.E2E_PORT ?? 3100}`);
  for (;;) {
    const window = Math.floor(Date.now() / 30_000);
    const left = 30_000 - (Date.now() % 30_000);
    const used = existsSync(file) ? readFileSync(file, "utf8").split("\n") : [];
    const key = `${window}`;
    if (!used.includes(key) && left > 5_000) {
      writeFileSync(file, [...used.slice(-20), key].join("\n"));
      return totp(STAFF_TOTP);
    }
    await new Promise((resolve) => setTimeout(resolve, left + 300));
  }
}

/** Signs a demo staff account in through the sign-in page and its 2FA step. */
export async function signInStaff(page: Page, who: keyof typeof STAFF): Promise<void> {
  await submitSignIn(page, STAFF[who].email, STAFF[who].password);
  await page.getByLabel("Authentication code").fill(await freshStaffCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** A request context signed in as a demo staff account over the API (password, then 2FA). */
export async function staffApi(
  browser: Browser,
  baseURL: string,
  who: keyof typeof STAFF,
): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL });
  const headers = { origin: baseURL };
  const request = context.request;
  const signedIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email: STAFF[who].email, password: STAFF[who].password },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const verified = await request.post("/api/auth/two-factor/verify-totp", {
    headers,
    data: { code: await freshStaffCode() },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  // Disposing it closes its whole context: a context's request disposed on its own left the
  // context open past the test, and Playwright's end-of-test tracing then failed the NEXT test
  // at 0 ms ("Target page, context or browser has been closed").
  request.dispose = () => context.close();
  return request;
}

/**
 * Over the API: the demo admin, signed in with two factors and stepped up, acts on the member
 * signed in on `page` (`memberId`); `headers` carries the Origin the admin's writes need.
 */
export async function asAdminOnMember(
  page: Page,
  baseURL: string,
  act: (admin: APIRequestContext, memberId: string, headers: { origin: string }) => Promise<void>,
): Promise<void> {
  const headers = { origin: baseURL };
  const admin = await staffApi(page.context().browser() as Browser, baseURL, "admin");
  try {
    const stepUp = await admin.post("/api/admin/step-up", {
      headers,
      data: { password: STAFF.admin.password },
    });
    expect(stepUp.ok(), await stepUp.text()).toBe(true);
    const { profile } = await getJson<{ profile: { id: string } }>(page, "/api/me");
    await act(admin, profile.id, headers);
  } finally {
    await admin.dispose();
  }
}

/**
 * Over the API (funding is not what these journeys test): the demo admin grants the signed-in
 * member of `page` an event bonus of `usdt`, and the member claims it. `key` makes the grant's and
 * the claim's Idempotency-Keys unique to the journey and member.
 */
export async function grantAndClaimBonus(
  page: Page,
  baseURL: string,
  usdt: number,
  { key, reason }: { key: string; reason: string },
): Promise<void> {
  await asAdminOnMember(page, baseURL, async (admin, memberId, headers) => {
    const granted = await admin.post(`/api/admin/members/${memberId}/bonuses`, {
      headers: { ...headers, "idempotency-key": `e2e-grant-${key}` },
      data: { amount: String(usdt), reason },
    });
    expect(granted.status(), await granted.text()).toBe(201);
    const bonus = (await granted.json()) as { id: string };
    const claimed = await page.request.post(`/api/rewards/bonuses/${bonus.id}/claim`, {
      headers: { ...headers, "idempotency-key": `e2e-claim-${key}` },
    });
    expect(claimed.ok(), await claimed.text()).toBe(true);
  });
}

/**
 * `grantAndClaimBonus`, then the member swaps 100 USDT to 1,000 views and verifies the account
 * with them (an unverified member may withdraw only 100 USDT a day).
 */
export async function fundAndVerify(
  page: Page,
  baseURL: string,
  usdt: number,
  grant: { key: string; reason: string },
): Promise<void> {
  await grantAndClaimBonus(page, baseURL, usdt, grant);
  const headers = { origin: baseURL };
  const swapped = await page.request.post("/api/swaps", {
    headers,
    data: { direction: "USDT_TO_VIEWS", amount: "100" },
  });
  expect(swapped.ok(), await swapped.text()).toBe(true);
  const verified = await page.request.post("/api/me/verify", { headers });
  expect(verified.ok(), await verified.text()).toBe(true);
}
