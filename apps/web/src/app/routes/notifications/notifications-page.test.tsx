import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TNotification } from "@viewvault/shared";
import { describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { installFakeEventSource } from "@/test/fake-event-source";
import { memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

function item(n: number, overrides: Partial<TNotification>): TNotification {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    kind: "bonusGranted",
    params: { amount: "25" },
    createdAt: "2026-11-22T20:00:00.000Z",
    readAt: null,
    ...overrides,
  };
}

const PAGE_1 = [
  item(9, { kind: "bonusGranted", params: { amount: "25" } }),
  item(8, {
    kind: "transferReceived",
    params: { currency: "USDT", amount: "1500000", sender: "bob" },
    readAt: "2026-11-22T21:00:00.000Z",
  }),
];
const PAGE_2 = [item(3, { kind: "supportAnswered", params: { requestId: "req-1" } })];

function setup() {
  const { session, me } = memberFixture();
  const requests: URLSearchParams[] = [];
  const marked: string[] = [];
  let unread = 2;
  const setUnread = (n: number) => {
    unread = n;
  };
  mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": {
      views: "0",
      usdt: "0",
      pendingUsdt: "0",
      heldViews: "0",
      heldNextClearAt: null,
    },
    "GET /api/notifications/unread": () => ({ unread }),
    "GET /api/notifications": ({ url }: { url: URL }) => {
      requests.push(url.searchParams);
      if (url.searchParams.get("kind") === "supportAnswered")
        return { items: PAGE_2, nextCursor: null, unread };
      return url.searchParams.get("cursor") === "c2"
        ? { items: PAGE_2, nextCursor: null, unread }
        : { items: PAGE_1, nextCursor: "c2", unread };
    },
    [`POST /api/notifications/${PAGE_1[0]?.id}/read`]: () => {
      marked.push("one");
      unread = 1;
      return { unread };
    },
    "POST /api/notifications/read-all": () => {
      marked.push("all");
      unread = 0;
      return { unread };
    },
  });
  return { requests, marked, setUnread };
}

describe("/notifications", () => {
  it("shows each notification in the reader's language, the bell's count, and links", async () => {
    setup();
    await renderRoute("/notifications");
    const list = await screen.findByRole("list", { name: "Notifications" });
    const rows = within(list).getAllByTestId("notification-item");
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole("link").textContent).toBe(
      "Unread: You received a bonus",
    );
    expect(within(rows[0] as HTMLElement).getByText(/A bonus of 25.00 USDT/)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("@bob sent you 1.50 USDT.")).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/activity");
    const bell = await screen.findByRole("link", { name: "Notifications, 2 unread" });
    expect(bell.getAttribute("href")).toBe("/notifications");
  });

  it("marks one and all read; the bell follows", async () => {
    const { marked } = setup();
    await renderRoute("/notifications");
    await screen.findByRole("list", { name: "Notifications" });
    fireEvent.click(screen.getByRole("button", { name: "Mark “You received a bonus” as read" }));
    await waitFor(() => expect(marked).toEqual(["one"]));
    await screen.findByRole("link", { name: "Notifications, 1 unread" });
    fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(marked).toEqual(["one", "all"]));
    await screen.findByRole("link", { name: "Notifications" });
  });

  it("loads more with the cursor and filters by kind", async () => {
    const { requests } = setup();
    await renderRoute("/notifications");
    const list = await screen.findByRole("list", { name: "Notifications" });
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByTestId("notification-item")).toHaveLength(3));
    expect(requests.at(-1)?.get("cursor")).toBe("c2");
    expect(within(list).getAllByRole("link").at(-1)?.getAttribute("href")).toBe(
      "/support?request=req-1",
    );
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "supportAnswered" } });
    await waitFor(() => expect(requests.at(-1)?.get("kind")).toBe("supportAnswered"));
  });

  it("the bell follows the stream: a notification event, and a balance change", async () => {
    const EventSourceMock = installFakeEventSource();
    const { setUnread } = setup();
    await renderRoute("/notifications");
    await screen.findByRole("link", { name: "Notifications, 2 unread" });
    await waitFor(() => expect(EventSourceMock.open("/api/balances/stream")).toHaveLength(1));
    const [stream] = EventSourceMock.open("/api/balances/stream");
    const balances = (views: string) => ({
      views,
      usdt: "0",
      pendingUsdt: "0",
      heldViews: "0",
      heldNextClearAt: null,
    });
    act(() => stream?.emit("balances", balances("0")));
    setUnread(3);
    act(() => stream?.emit("notifications", {}));
    await screen.findByRole("link", { name: "Notifications, 3 unread" });
    // A transfer received: only the balances move; the bell is read again all the same.
    setUnread(4);
    act(() => stream?.emit("balances", balances("150")));
    await screen.findByRole("link", { name: "Notifications, 4 unread" });
  });

  it("reads in Portuguese, amounts in Brazilian figures", async () => {
    setup();
    await renderRoute("/notifications");
    await screen.findByRole("list", { name: "Notifications" });
    await i18n.changeLanguage("pt-BR");
    try {
      const list = await screen.findByRole("list", { name: "Notificações" });
      const rows = within(list).getAllByTestId("notification-item");
      expect(within(rows[0] as HTMLElement).getByText(/Um bônus de 25,00 USDT/)).toBeTruthy();
      expect(
        within(rows[1] as HTMLElement).getByText("@bob enviou 1,50 USDT para você."),
      ).toBeTruthy();
      expect(await screen.findByRole("link", { name: "Notificações, 2 não lidas" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Marcar todas como lidas" })).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
