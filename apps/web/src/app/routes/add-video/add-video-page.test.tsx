import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const KNOWN = "dQw4w9WgXcQ";

function setup(views: string, post?: () => Response) {
  const { session, me } = memberFixture();
  const posted: unknown[] = [];
  const fetchMock = mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": {
      views,
      usdt: "0",
      pendingUsdt: "0",
      heldViews: "0",
      heldNextClearAt: null,
    },
    // The oEmbed lookup knows one video; any other id has no title.
    "GET /api/videos/preview": ({ url }: { url: URL }) =>
      url.searchParams.get("url")?.includes(KNOWN)
        ? {
            youtubeId: KNOWN,
            youtubeUrl: url.searchParams.get("url"),
            title: "Never Gonna Give You Up",
            thumbnailUrl: `https://i.ytimg.com/vi/${KNOWN}/hqdefault.jpg`,
          }
        : json({ code: "VIDEO_TITLE_UNAVAILABLE", message: "Could not extract video title" }, 422),
    "POST /api/videos": ({ body }: { body: unknown }) => {
      posted.push(body);
      return (
        post?.() ??
        json(
          {
            video: {},
            balances: {
              views: "6",
              usdt: "0",
              pendingUsdt: "0",
              heldViews: "0",
              heldNextClearAt: null,
            },
          },
          201,
        )
      );
    },
  });
  const keys = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === "POST")
      .map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
  return { posted, keys };
}

async function form() {
  await screen.findByTestId("add-video-balance");
  return {
    url: screen.getByLabelText("YouTube URL") as HTMLInputElement,
    country: screen.getByLabelText("Country"),
    theme: screen.getByLabelText("Theme"),
    submit: screen.getByRole("button", { name: "Add Video" }),
  };
}

/** Submits and expects the check's message (inline and as the seeds' toast). */
async function expectCheck(submit: HTMLElement, message: string) {
  fireEvent.click(submit);
  await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2));
}

describe("/add-video", () => {
  it("asks visitors to sign in", async () => {
    mockApi();
    await renderRoute("/add-video");
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Login" }).getAttribute("href")).toBe("/auth");
  });

  it("offers Add Video once a title is found, says why beside it until then, then posts once", async () => {
    const { posted, keys } = setup("7");
    const { router } = await renderRoute("/add-video");
    expect(await screen.findByRole("heading", { level: 1, name: "Add Video" })).toBeTruthy();
    expect(screen.getByText("How it works")).toBeTruthy();
    const f = await form();
    expect(screen.getByTestId("add-video-balance").textContent).toBe("7");
    // The seed: disabled without a title; the reason beside it describes the button.
    const needsTitle =
      "Add Video needs the video's title: paste a YouTube link we can read it from.";
    expect(f.submit).toHaveProperty("disabled", true);
    const why = screen.getByTestId("submit-why");
    expect(why.textContent).toBe(needsTitle);
    expect(f.submit.getAttribute("aria-describedby")).toBe(why.id);

    fireEvent.change(f.url, { target: { value: "https://vimeo.com/123456" } });
    expect(f.submit).toHaveProperty("disabled", true);

    // An unknown video: the lookup's failure is said once (in the title's box), not twice.
    fireEvent.change(f.url, { target: { value: "https://youtu.be/aaaaaaaaaaa" } });
    const unavailable = "Could not extract video title. Please check the YouTube URL";
    expect(await screen.findByText(unavailable)).toBeTruthy();
    fireEvent.click(f.submit);
    expect(screen.getAllByText(unavailable)).toHaveLength(1);
    expect(f.submit).toHaveProperty("disabled", true);

    fireEvent.change(f.url, { target: { value: `https://youtu.be/${KNOWN}` } });
    expect(await screen.findByTestId("extracted-title")).toHaveProperty(
      "textContent",
      "Never Gonna Give You Up",
    );
    await waitFor(() => expect(f.submit).toHaveProperty("disabled", false));
    expect(screen.queryByTestId("submit-why")).toBeNull();
    expect(screen.queryByText(unavailable)).toBeNull();
    await expectCheck(f.submit, "Please select a country");
    fireEvent.change(f.country, { target: { value: "BR" } });
    await expectCheck(f.submit, "Please select a theme");
    fireEvent.change(f.theme, { target: { value: "Music" } });
    expect(posted).toEqual([]);

    // A double click posts once.
    fireEvent.click(f.submit);
    fireEvent.click(f.submit);
    expect(await screen.findByText("Video Added Successfully!")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
    expect(posted).toEqual([{ url: `https://youtu.be/${KNOWN}`, country: "BR", theme: "Music" }]);
    expect(keys()).toHaveLength(1);
    expect(keys()[0]).toBeTruthy();
  });

  it("is disabled at 0 views, with 'You need at least 1 view to post a video' beside it", async () => {
    const { posted } = setup("0");
    await renderRoute("/add-video");
    const f = await form();
    fireEvent.change(f.url, { target: { value: `https://www.youtube.com/watch?v=${KNOWN}` } });
    fireEvent.change(f.country, { target: { value: "BR" } });
    fireEvent.change(f.theme, { target: { value: "Music" } });
    expect(await screen.findByTestId("extracted-title")).toBeTruthy();
    const why = screen.getByTestId("submit-why");
    expect(why.textContent).toBe("You need at least 1 view to post a video");
    expect(f.submit).toHaveProperty("disabled", true);
    expect(f.submit.getAttribute("aria-describedby")).toBe(why.id);
    fireEvent.click(f.submit);
    expect(posted).toEqual([]);
  });

  it("shows the server's refusal, and retries a lost answer with the same key", async () => {
    let answer = 0;
    const { keys } = setup("7", () =>
      ++answer === 1
        ? json({ code: "INTERNAL", message: "boom" }, 500)
        : json({ code: "VIDEO_ALREADY_LISTED", message: "You have already added this video" }, 409),
    );
    await renderRoute("/add-video");
    const f = await form();
    fireEvent.change(f.url, { target: { value: `https://youtu.be/${KNOWN}` } });
    fireEvent.change(f.country, { target: { value: "BR" } });
    fireEvent.change(f.theme, { target: { value: "Music" } });
    await waitFor(() => expect(f.submit).toHaveProperty("disabled", false));
    fireEvent.click(f.submit);
    expect(await screen.findByText("Failed to add video. Please try again.")).toBeTruthy();
    await waitFor(() => expect(f.submit).toHaveProperty("disabled", false));
    fireEvent.click(f.submit);
    await waitFor(() =>
      expect(screen.getAllByText("You have already added this video").length).toBeGreaterThan(0),
    );
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
  });
});
