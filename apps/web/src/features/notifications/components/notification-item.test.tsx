import { render } from "@testing-library/react";
import type { TNotification } from "@viewvault/shared";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { NotificationItem } from "./notification-item";

const item = (kind: TNotification["kind"], params: Record<string, string>): TNotification => ({
  id: "9a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
  kind,
  params,
  createdAt: "2026-11-20T12:00:00.000Z",
  readAt: null,
});

function textOf(n: TNotification): string {
  const { container, unmount } = render(
    <MemoryRouter>
      <NotificationItem item={n} onRead={() => {}} busy={false} />
    </MemoryRouter>,
  );
  const text = container.textContent ?? "";
  unmount();
  return text;
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe.each([
  ["en", "you earned 1 view.", "you earned 2 views.", "sent you 1 view.", "accounts. You can"],
  [
    "pt-BR",
    "você ganhou 1 view.",
    "você ganhou 2 views.",
    "enviou 1 view para",
    "contas. Você pode",
  ],
] as const)("notification texts (%s)", (lang, one, two, transfer, pause) => {
  it("count in plural forms, and a reason's own period is not doubled", async () => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces("notifications");
    const referral = (views: string) =>
      textOf(item("referralConfirmed", { username: "ana", views }));
    expect(referral("1")).toContain(one);
    expect(referral("2")).toContain(two);
    expect(
      textOf(item("transferReceived", { currency: "VIEWS", amount: "1", sender: "ana" })),
    ).toContain(transfer);
    const reason =
      lang === "en"
        ? "Shares a device with 2 other accounts."
        : "Compartilha um dispositivo com 2 outras contas.";
    const paused = textOf(item("cashoutPaused", { reason }));
    expect(paused).toContain(pause);
    expect(paused).not.toContain("..");
  });
});
