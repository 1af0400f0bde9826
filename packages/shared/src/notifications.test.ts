import { describe, expect, it } from "vitest";
import en from "./locales/en/notifications.json" with { type: "json" };
import {
  NOTIFICATION_KIND_NAMES,
  notificationLink,
  notificationTextParams,
  ZPushSubscription,
} from "./notifications";

const key65 = Buffer.alloc(65, 4).toString("base64url");
const key16 = Buffer.alloc(16, 7).toString("base64url");

describe("notification kinds", () => {
  it("every kind has a label, a title and a text in the catalogue", () => {
    const kinds = en.kinds as Record<
      string,
      { label?: string; title?: string; body?: string; body_other?: string }
    >;
    for (const kind of NOTIFICATION_KIND_NAMES) {
      expect(kinds[kind]?.label, kind).toBeTruthy();
      expect(kinds[kind]?.title, kind).toBeTruthy();
      // A text that counts has plural forms (ADR 069).
      expect(kinds[kind]?.body ?? kinds[kind]?.body_other, kind).toBeTruthy();
    }
    expect(Object.keys(kinds).sort()).toEqual([...NOTIFICATION_KIND_NAMES].sort());
  });

  it("links to where it happened", () => {
    expect(notificationLink("bonusGranted", {})).toBe("/events");
    expect(notificationLink("supportAnswered", { requestId: "r 1" })).toBe(
      "/support?request=r%201",
    );
    expect(notificationLink("payoutConfirmed", { withdrawalId: "w" })).toBe(
      "/withdraw?withdrawal=w",
    );
  });

  it("writes minor units as the formatters take them", () => {
    expect(
      notificationTextParams("transferReceived", { currency: "USDT", amount: "40500000" }),
    ).toMatchObject({ amount: "40.5", context: "USDT" });
    expect(
      notificationTextParams("transferReceived", { currency: "VIEWS", amount: "1000" }),
    ).toMatchObject({ amount: "1000", context: "VIEWS" });
    expect(notificationTextParams("offerSold", { total: "2000000" }).total).toBe("2");
  });
});

describe("push subscription contract", () => {
  const good = { endpoint: "https://push.example.com/abc", keys: { p256dh: key65, auth: key16 } };

  it("takes a browser's subscription", () => {
    expect(ZPushSubscription.safeParse(good).success).toBe(true);
  });

  it.each([
    ["an ftp endpoint", { ...good, endpoint: "ftp://push.example.com/abc" }],
    ["not a URL", { ...good, endpoint: "push" }],
    ["a short p256dh", { ...good, keys: { ...good.keys, p256dh: key16 } }],
    ["a long auth", { ...good, keys: { ...good.keys, auth: key65 } }],
    ["keys not base64url", { ...good, keys: { ...good.keys, auth: "!!!!!!!!!!!!!!!!!!!!!!" } }],
  ])("refuses %s", (_name, value) => {
    expect(ZPushSubscription.safeParse(value).success).toBe(false);
  });
});
