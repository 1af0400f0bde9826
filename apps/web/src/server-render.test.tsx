// @vitest-environment node
import { describe, expect, it } from "vitest";
import { memberFixture } from "@/test/mock-api";
import { renderPage } from "./server-render";

/** The views balance as the page shows it. */
const balance = (html: string | undefined) =>
  /data-testid="balance-views">([^<]*)</.exec(html ?? "")?.[1];

/** The answers a member's marketplace document carries (ADR 065), for a member named `username`. */
function marketplaceReads(username: string, views: string) {
  const { session, me } = memberFixture() as {
    session: { user: Record<string, unknown>; session: Record<string, unknown> };
    me: ReturnType<typeof memberFixture>["me"];
  };
  me.profile.username = username;
  return {
    "/api/auth/get-session": { ...session, user: { ...session.user, name: username, username } },
    "/api/me": me,
    "/api/balances": {
      views,
      usdt: "500000000",
      pendingUsdt: "0",
      heldViews: "0",
      heldNextClearAt: null,
    },
    "/api/notifications/unread": { count: 0 },
    "/api/marketplace/offers?page=1&sort=price_asc": {
      offers: [],
      page: 1,
      pageSize: 20,
      hasMore: false,
    },
  };
}

const input = (reads: Record<string, unknown>, locale: "en" | "pt-BR" = "en") => ({
  url: "/marketplace",
  locale,
  reads,
  timeZone: "UTC",
  now: Date.parse("2026-11-29T12:00:00Z"),
  origin: "https://viewvault.example",
});

describe("a member page rendered on the server (ADR 084)", () => {
  it("renders the page from its member's own answers, in their language, without a script", async () => {
    const html = await renderPage(input(marketplaceReads("alice", "1234")));
    expect(html).toContain("Views Marketplace");
    expect(balance(html)).toBe("1,234");
    expect(html).not.toMatch(/<script/i);
    const pt = await renderPage(input(marketplaceReads("alice", "1234"), "pt-BR"));
    expect(pt).toContain("Marketplace de Views");
    expect(balance(pt)).toBe("1.234");
  });

  it("renders each member's page from their answers only, even when renders overlap", async () => {
    const [forAlice, forBruno] = await Promise.all([
      renderPage(input(marketplaceReads("alice", "1234"))),
      renderPage(input(marketplaceReads("bruno", "98765"))),
    ]);
    expect(balance(forAlice)).toBe("1,234");
    expect(forAlice).not.toContain("98,765");
    expect(balance(forBruno)).toBe("98,765");
    expect(forBruno).not.toContain("1,234");
  });
});
