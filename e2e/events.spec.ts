import type { Page } from "@playwright/test";
import {
  expect,
  freshMember,
  hasNoHorizontalOverflow,
  memberContext,
  open,
  openDailyClaim,
  signIn,
  test,
} from "./fixtures";
import { STAFF, staffApi } from "./staff";

/**
 * The events journey: the server clock moves to the Daily First Claim's opening → bruno claims
 * it on the dashboard while carla, in another browser on /events, sees the winner appear live
 * → an admin (2FA on, over the API) grants carla an event bonus → the Event Bonus card appears
 * on her dashboard without a reload → she claims it once → the same in Portuguese.
 */

const demo = (username: string) => ({
  email: `${username}@viewvault.local`,
  password: `${username}-password-1`,
  username,
});
/**
 * Both projects run against the same server, one after the other: each has its own members
 * (a winner waits 7 days before winning again); the demo admin (2FA from the demo seed) grants.
 */
const CAST = {
  phone: { winner: "bruno", watcher: "carla", reader: "diego", staff: "admin" },
  desktop: { winner: "emma", watcher: "felipe", reader: "alice", staff: "admin" },
} as const;

async function profileId(page: Page): Promise<string> {
  const me = (await (await page.request.get("/api/me")).json()) as { profile: { id: string } };
  return me.profile.id;
}

async function viewsOnDashboard(page: Page): Promise<number> {
  const value = page.getByRole("region", { name: "Views Balance" }).getByTestId("views-balance");
  await expect(value).toBeVisible();
  return Number(((await value.textContent()) ?? "").replace(/[^\d]/g, ""));
}

test("daily claim seen live elsewhere; an admin's bonus claimed once; in both languages", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error("no baseURL");
  const cast = CAST[testInfo.project.name as keyof typeof CAST] ?? CAST.desktop;
  const BRUNO = demo(cast.winner);
  const CARLA = demo(cast.watcher);
  const DIEGO = demo(cast.reader);

  // 1. Carla watches /events in her own browser.
  const carla = await memberContext(browser, { baseURL });
  await signIn(carla.page, CARLA.email, CARLA.password);
  await openDailyClaim(carla.page.request);
  await open(carla.page, "/events");
  await expect(carla.page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(carla.page.getByText("More Events Coming Soon")).toBeVisible();
  const carlaDaily = carla.page.getByTestId("daily-claim-card");
  await expect(carlaDaily.getByText("Active now!")).toBeVisible();
  expect(await hasNoHorizontalOverflow(carla.page)).toBe(true);

  // 2. Bruno claims the daily prize on his dashboard. A retry cannot give it to him again (a
  // winner waits 7 days): there a member who signs up now takes it.
  let winner = BRUNO.username;
  if (testInfo.retry === 0) await signIn(page, BRUNO.email, BRUNO.password);
  else winner = (await freshMember(page, baseURL, "winner")).username;
  const before = await viewsOnDashboard(page);
  const daily = page.getByTestId("daily-claim-card");
  await daily.getByRole("button", { name: "Claim 100 views" }).click();
  await expect(page.getByText("You won today's 100 views!")).toBeVisible();
  await expect(daily.getByTestId("daily-winner")).toHaveText(winner);
  await expect(daily.getByText("Next event in")).toBeVisible();
  await expect.poll(() => viewsOnDashboard(page)).toBe(before + 100);

  // 3. Carla sees the winner without reloading; the last 30 days list him too.
  await expect(carlaDaily.getByTestId("daily-winner")).toHaveText(winner);
  await expect(carlaDaily.getByRole("button", { name: "Claim 100 views" })).toHaveCount(0);
  await expect(carla.page.getByTestId("daily-winners")).toContainText(winner);
  // Bruno's open tab beats: his dot is green for Carla; a beacon from his tab takes him offline.
  await expect(carlaDaily.getByTestId("online-dot")).toHaveAttribute("data-online", "true");
  const brunoId = await profileId(page);
  const online = async () =>
    (
      (await (await carla.page.request.get(`/api/presence?ids=${brunoId}`)).json()) as {
        online: string[];
      }
    ).online;
  expect(await online()).toEqual([brunoId]);
  const beaconSent = await page.evaluate(() =>
    navigator.sendBeacon(
      "/api/presence",
      new Blob([JSON.stringify({ state: "offline" })], { type: "application/json" }),
    ),
  );
  expect(beaconSent).toBe(true);
  await expect.poll(online).toEqual([]);

  // 4. An admin grants Carla a bonus; the card appears on her dashboard live; she claims it once.
  await open(carla.page, "/dashboard");
  await expect(carla.page.getByTestId("event-bonus-card")).toHaveCount(0);
  const admin = await staffApi(browser, baseURL, cast.staff);
  // Money for a member: the admin confirms who they are first (ADR 029).
  const confirmed = await admin.post("/api/admin/step-up", {
    headers: { origin: baseURL },
    data: { password: STAFF[cast.staff].password },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const granted = await admin.post(`/api/admin/members/${await profileId(carla.page)}/bonuses`, {
    headers: { origin: baseURL, "idempotency-key": `e2e-grant-${cast.staff}-${Date.now()}` },
    data: { amount: "15", reason: "Launch week" },
  });
  expect(granted.status(), await granted.text()).toBe(201);
  const bonusCard = carla.page.getByTestId("event-bonus-card");
  await expect(bonusCard.getByText("15.00 USDT: Launch week")).toBeVisible();
  const wallet = carla.page
    .getByRole("region", { name: "USDT Wallet" })
    .getByTestId("usdt-balance");
  const usdtBefore = Number(((await wallet.textContent()) ?? "").replace(/[^\d.]/g, ""));
  await bonusCard.getByRole("button", { name: "Claim 15.00 USDT" }).dblclick();
  await expect(carla.page.getByText("15.00 USDT added to your wallet.")).toBeVisible();
  await expect(bonusCard).toHaveCount(0);
  await expect
    .poll(async () => Number(((await wallet.textContent()) ?? "").replace(/[^\d.]/g, "")))
    .toBeCloseTo(usdtBefore + 15, 2);
  expect(await hasNoHorizontalOverflow(carla.page)).toBe(true);
  await carla.close();

  // 5. In Portuguese: a member who did not win sees the winner and the countdown in pt-BR.
  const diego = await memberContext(browser, { baseURL, viewport: { width: 390, height: 844 } });
  await signIn(diego.page, DIEGO.email, DIEGO.password);
  await diego.page.evaluate(() => localStorage.setItem("vv-lang", "pt-BR"));
  await open(diego.page, "/events");
  await expect(diego.page.getByRole("heading", { level: 1, name: "Eventos" })).toBeVisible();
  const diegoDaily = diego.page.getByTestId("daily-claim-card");
  await expect(diegoDaily.getByText("Vencedor de hoje")).toBeVisible();
  await expect(diegoDaily.getByTestId("daily-winner")).toHaveText(winner);
  await expect(diegoDaily.getByText("Próximo evento em")).toBeVisible();
  await expect(diego.page.getByText("Mais Eventos em Breve")).toBeVisible();
  await expect(
    diego.page.getByTestId("annual-event-card").getByText("1 Milhão de Views"),
  ).toBeVisible();
  // The demo's annual prize is already won (the seed), so nobody signing in as demo takes it.
  await expect(diego.page.getByTestId("annual-winner")).toHaveText("diego");
  expect(await hasNoHorizontalOverflow(diego.page)).toBe(true);
  await diego.close();
});
