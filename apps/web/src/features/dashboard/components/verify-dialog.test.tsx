import { fireEvent, screen, within } from "@testing-library/react";
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

describe("Verify (dashboard)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("confirms, pays once with an Idempotency-Key and shows Verified", async () => {
    const { session, me } = memberFixture();
    let verified = false;
    const fetchMock = mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": () => ({ ...me, profile: { ...me.profile, isVerified: verified } }),
      "GET /api/balances": BALANCES,
      "POST /api/me/verify": () => {
        verified = true;
        return { isVerified: true, costViews: "1000", balances: { ...BALANCES, views: "1500" } };
      },
    });
    await renderRoute("/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "Verify" }));
    const dialog = await screen.findByRole("dialog");
    const confirm = within(dialog).getByRole("button", { name: /Verify · 1,000 views/ });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText("Account verified!")).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([url]) => String(url).includes("/api/me/verify"));
    expect(posts).toHaveLength(1);
    expect(new Headers(posts[0]?.[1]?.headers).get("idempotency-key")).toBeTruthy();
    expect(await screen.findAllByText("Verified")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Verify" })).toBeNull();
  });

  it("shows the seed's failure text when verification fails", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
      "POST /api/me/verify": () => json({ code: "INTERNAL", message: "x" }, 500),
    });
    await renderRoute("/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "Verify" }));
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: /Verify ·/ }),
    );
    expect(await screen.findByText("Failed to verify the account")).toBeTruthy();
  });
});
