import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const ID = "00000000-0000-4000-8000-000000000001";

/** A video of bruno's, or of `ownerId`. */
function video(ownerId = "11111111-1111-4111-8111-111111111111") {
  return {
    id: ID,
    ownerId,
    ownerUsername: "bruno",
    title: "A video",
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    youtubeId: "dQw4w9WgXcQ",
    country: "BR",
    theme: "Music",
    thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    watchedCount: 0,
    boostedUntil: null,
    createdAt: "2026-11-20T10:00:00.000Z",
  };
}

function signedIn(routes: Record<string, unknown>) {
  const { session, me } = memberFixture();
  return mockApi({ "GET /api/auth/get-session": session, "GET /api/me": me, ...routes });
}

describe("/watch/:id", () => {
  it("shows Video Not Found with a button to the dashboard", async () => {
    signedIn({
      [`GET /api/videos/${ID}`]: json({ code: "NOT_FOUND", message: "Video Not Found" }, 404),
    });
    await renderRoute(`/watch/${ID}`);
    expect(await screen.findByRole("heading", { name: "Video Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
  });

  it("says Failed to load video and goes back to the feed on other failures", async () => {
    signedIn({
      [`GET /api/videos/${ID}`]: json({ code: "INTERNAL", message: "x" }, 500),
      "GET /api/videos": {
        boosted: [],
        videos: [],
        nextCursor: null,
        serverTime: new Date().toISOString(),
      },
    });
    const { router } = await renderRoute(`/watch/${ID}`);
    expect(await screen.findByText("Failed to load video")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
  });

  it("says up front that one's own video earns nothing, and offers no session", async () => {
    const { me } = memberFixture();
    signedIn({
      [`GET /api/videos/${ID}`]: video(me.profile.id),
      "GET /api/config": { adNetworkTag: null },
    });
    await renderRoute(`/watch/${ID}`);
    expect(await screen.findByText("You cannot earn views from your own video")).toBeTruthy();
    // Only what can pay is offered: no Watch Advertisement beside it.
    expect(screen.queryByRole("button", { name: "Watch Advertisement" })).toBeNull();
  });

  it("offers no advertisement on a video this member found unplayable", async () => {
    signedIn({
      [`GET /api/videos/${ID}`]: video(),
      "GET /api/config": { adNetworkTag: null },
      "GET /api/watch/today": {
        day: "2026-11-21",
        credited: 0,
        cap: 50,
        earned: [],
        unplayable: [ID],
      },
      [`GET /api/videos/${ID}/sessions/current`]: null,
    });
    await renderRoute(`/watch/${ID}`);
    expect(
      await screen.findByText("This video cannot be played here, so it pays nothing"),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Watch Advertisement" })).toBeNull();
  });

  it("starts the advertisement: the overlay shows the house ad and cannot be closed yet", async () => {
    signedIn({
      [`GET /api/videos/${ID}`]: video(),
      "GET /api/config": { adNetworkTag: null },
      [`POST /api/videos/${ID}/sessions`]: new Response(
        JSON.stringify({
          id: "33333333-3333-4333-8333-333333333333",
          videoId: ID,
          status: "AD",
          adStartedAt: new Date().toISOString(),
          contentStartedAt: null,
          contentCompletedAt: null,
          credited: false,
          adSeconds: 30,
          contentSeconds: 30,
          serverTime: new Date().toISOString(),
        }),
        { status: 201, headers: { "content-type": "application/json" } },
      ),
    });
    await renderRoute(`/watch/${ID}`);
    expect(await screen.findByText("Session progress")).toBeTruthy();
    // Long titles wrap at most three lines; the whole title stays available on hover.
    expect(screen.getByRole("heading", { level: 1, name: "A video" }).getAttribute("title")).toBe(
      "A video",
    );
    expect(screen.getByRole("link", { name: "Back to Feed" }).getAttribute("href")).toBe("/feed");
    fireEvent.click(await screen.findByRole("button", { name: "Watch Advertisement" }));
    const overlay = await screen.findByRole("dialog", { name: "Advertisement" });
    expect(await within(overlay).findByTestId("house-ad")).toBeTruthy();
    expect(within(overlay).getByText("Grow with ViewVault")).toBeTruthy();
    expect(within(overlay).getByRole("button", { name: /Close ad/ })).toHaveProperty(
      "disabled",
      true,
    );
    expect(within(overlay).getByText(/The ad ends in \d+ s/)).toBeTruthy();
  });

  describe("continues an open session (after a reload) from the server's timestamps", () => {
    const SESSION = "33333333-3333-4333-8333-333333333333";
    /**
     * The open session as the server answers it now, its clock 2 minutes ahead of ours;
     * timestamps (`…At`) are given in seconds before the server's now.
     */
    function open(overrides: Record<string, unknown> = {}, aheadMs = 120_000) {
      return () => {
        const serverNow = Date.now() + aheadMs;
        const at = (secondsAgo: number) => new Date(serverNow - secondsAgo * 1000).toISOString();
        const values = Object.fromEntries(
          Object.entries(overrides).map(([key, value]) => [
            key,
            key.endsWith("At") && typeof value === "number" ? at(value) : value,
          ]),
        );
        return {
          id: SESSION,
          videoId: ID,
          status: "AD",
          adStartedAt: at(0),
          contentStartedAt: null,
          contentCompletedAt: null,
          credited: false,
          adSeconds: 30,
          contentSeconds: 30,
          serverTime: at(0),
          adAttestedMs: 0,
          contentAttestedMs: 0,
          heartbeatSeq: 0,
          challenge: null,
          ...values,
        };
      };
    }

    it("shows the rest of the advertisement instead of starting over", async () => {
      const fetchMock = signedIn({
        [`GET /api/videos/${ID}`]: video(),
        "GET /api/config": { adNetworkTag: null },
        [`GET /api/videos/${ID}/sessions/current`]: open({ adStartedAt: 12, adAttestedMs: 12_000 }),
      });
      await renderRoute(`/watch/${ID}`);
      const overlay = await screen.findByRole("dialog", { name: "Advertisement" });
      expect(within(overlay).getByText(/The ad ends in 1[78] s/)).toBeTruthy();
      expect(within(overlay).getByRole("button", { name: /Close ad/ })).toHaveProperty(
        "disabled",
        true,
      );
      const bar = within(overlay).getByRole("progressbar", { name: "Advertisement" });
      expect(Number(bar.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(12);
      // No new session: only the open one's heartbeats.
      const posts = fetchMock.mock.calls.filter(
        ([url, init]) => init?.method === "POST" && !String(url).endsWith("/heartbeats"),
      );
      expect(posts).toEqual([]);
    });

    it("goes on to the content step when the ad is over, with the session's lengths", async () => {
      let contentStarts = 0;
      signedIn({
        [`GET /api/videos/${ID}`]: video(),
        "GET /api/config": { adNetworkTag: null },
        [`GET /api/videos/${ID}/sessions/current`]: open({
          adStartedAt: 50,
          adSeconds: 20,
          contentSeconds: 40,
          adAttestedMs: 20_000,
        }),
        [`POST /api/watch-sessions/${SESSION}/content`]: () => {
          contentStarts++;
          return open({
            status: "CONTENT",
            adStartedAt: 50,
            contentStartedAt: 0,
            adSeconds: 20,
            contentSeconds: 40,
          })();
        },
      });
      await renderRoute(`/watch/${ID}`);
      expect(await screen.findByTitle("YouTube video player: A video")).toBeTruthy();
      expect(screen.getByText(/^(40|39) s left$/)).toBeTruthy();
      expect(screen.queryByRole("dialog", { name: "Advertisement" })).toBeNull();
      expect(contentStarts).toBe(1);
      expect(screen.getByText("20 / 20 s")).toBeTruthy();
      expect(screen.getByText(/^\d+ \/ 40 s$/)).toBeTruthy();
    });

    it("continues the content where the server's clock says it is", async () => {
      signedIn({
        [`GET /api/videos/${ID}`]: video(),
        "GET /api/config": { adNetworkTag: null },
        [`GET /api/videos/${ID}/sessions/current`]: open({
          status: "CONTENT",
          adStartedAt: 45,
          contentStartedAt: 10,
          contentAttestedMs: 10_000,
        }),
      });
      await renderRoute(`/watch/${ID}`);
      expect(await screen.findByTitle("YouTube video player: A video")).toBeTruthy();
      expect(screen.getByText(/^(20|19) s left$/)).toBeTruthy();
      const content = screen.getByRole("progressbar", { name: "Video content" });
      expect(Number(content.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(10);
      expect(
        screen.getByRole("progressbar", { name: "Advertisement" }).getAttribute("aria-valuenow"),
      ).toBe("30");
    });
  });
});
