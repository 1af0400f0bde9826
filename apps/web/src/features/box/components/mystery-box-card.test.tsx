import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { FAIRNESS_VECTORS } from "@viewvault/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const BALANCES = {
  views: "2500",
  usdt: "0",
  pendingUsdt: "0",
  heldViews: "0",
  heldNextClearAt: null,
};
const COMMITMENT = { serverSeedHash: "ab".repeat(32), clientSeed: "alice-seed", nonce: 3 };
const vector = FAIRNESS_VECTORS[1];
if (!vector) throw new Error("no vector");

function api(extra: Record<string, unknown> = {}) {
  const { session, me } = memberFixture();
  return mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": BALANCES,
    "GET /api/box": { costViews: "100", commitment: COMMITMENT },
    "GET /api/box/openings": { openings: [] },
    ...extra,
  });
}

describe("Mystery Box card", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the committed hash, opens with one Idempotency-Key and reveals the item", async () => {
    vi.stubGlobal("matchMedia", () => ({ matches: true }) as unknown as MediaQueryList);
    const opening = {
      id: "0b8f3c1e-1111-4c7d-8e9f-0a1b2c3d4e5f",
      itemId: vector.itemId,
      rarity: vector.rarity,
      serverSeed: vector.serverSeed,
      serverSeedHash: vector.serverSeedHash,
      clientSeed: vector.clientSeed,
      nonce: vector.nonce,
      costViews: "100",
      createdAt: "2026-11-23T00:00:00.000Z",
    };
    const fetchMock = api({
      "POST /api/box/open": {
        opening,
        next: { ...COMMITMENT, nonce: 4 },
        balances: { ...BALANCES, views: "2400" },
      },
    });
    await renderRoute("/dashboard");
    expect((await screen.findByTestId("box-commitment")).textContent).toBe(
      COMMITMENT.serverSeedHash,
    );
    const button = screen.getByRole("button", { name: /Open box · 100 views/ });
    fireEvent.click(button);
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("You found Diamond Vault Key!")).toBeTruthy();
    expect(within(dialog).getByText("Legendary")).toBeTruthy();
    expect(within(dialog).getByText(/no cash value/)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole("link", { name: /Verify this roll/ })
        .getAttribute("href"),
    ).toBe(
      `/fairness?serverSeed=${vector.serverSeed}&serverSeedHash=${vector.serverSeedHash}&clientSeed=${vector.clientSeed}&nonce=${vector.nonce}`,
    );
    const posts = fetchMock.mock.calls.filter(
      ([url, init]) => String(url).includes("/api/box/open") && init?.method === "POST",
    );
    expect(posts).toHaveLength(1);
    expect(new Headers(posts[0]?.[1]?.headers).get("idempotency-key")).toBeTruthy();
  });

  it("says Insufficient Views with the seed's message when the server refuses", async () => {
    vi.stubGlobal("matchMedia", () => ({ matches: true }) as unknown as MediaQueryList);
    api({
      "POST /api/box/open": () =>
        json(
          {
            code: "INSUFFICIENT_BALANCE",
            message: "You need 100 views to open a mystery box",
            params: { context: "box", cost: "100" },
          },
          422,
        ),
    });
    await renderRoute("/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: /Open box · 100 views/ }));
    expect(await screen.findByText("Insufficient Views")).toBeTruthy();
    expect(screen.getByText("You need 100 views to open a mystery box")).toBeTruthy();
  });

  it("says Failed to open mystery box when the server fails", async () => {
    vi.stubGlobal("matchMedia", () => ({ matches: true }) as unknown as MediaQueryList);
    api({
      "POST /api/box/open": () => json({ code: "INTERNAL", message: "Internal error" }, 500),
    });
    await renderRoute("/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: /Open box · 100 views/ }));
    expect(await screen.findByText("Failed to open mystery box")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /Open box · 100 views/ })).toBeTruthy(),
    );
  });
});
