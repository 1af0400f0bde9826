import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

describe("/add-video", () => {
  it("asks visitors to sign in", async () => {
    mockApi();
    await renderRoute("/add-video");
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Login" }).getAttribute("href")).toBe("/auth");
  });

  it("shows the extracted title, runs the checks in order and posts the video", async () => {
    const { session, me } = memberFixture();
    const posted: unknown[] = [];
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": { views: "7", usdt: "0", pendingUsdt: "0" },
      "GET /api/videos/preview": ({ url }: { url: URL }) => ({
        youtubeId: "dQw4w9WgXcQ",
        youtubeUrl: url.searchParams.get("url"),
        title: "Never Gonna Give You Up",
        thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      }),
      "POST /api/videos": ({ body }: { body: unknown }) => {
        posted.push(body);
        return new Response(
          JSON.stringify({ video: {}, balances: { views: "6", usdt: "0", pendingUsdt: "0" } }),
          {
            status: 201,
            headers: { "content-type": "application/json" },
          },
        );
      },
    });
    const { router } = await renderRoute("/add-video");
    expect(await screen.findByRole("heading", { level: 1, name: "Add Video" })).toBeTruthy();
    expect(screen.getByText("How it works")).toBeTruthy();
    expect(await screen.findByTestId("add-video-balance")).toHaveProperty("textContent", "7");
    const submit = screen.getByRole("button", { name: "Add Video" });
    expect(submit).toHaveProperty("disabled", true); // no title yet

    fireEvent.change(screen.getByLabelText("YouTube URL"), {
      target: { value: "https://youtu.be/dQw4w9WgXcQ" },
    });
    expect(await screen.findByTestId("extracted-title")).toHaveProperty(
      "textContent",
      "Never Gonna Give You Up",
    );
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
    // Check 4 before check 5.
    fireEvent.click(submit);
    expect((await screen.findAllByText("Please select a country")).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "BR" } });
    fireEvent.click(submit);
    expect((await screen.findAllByText("Please select a theme")).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText("Theme"), { target: { value: "Music" } });
    fireEvent.click(submit);
    expect(await screen.findByText("Video Added Successfully!")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
    expect(posted).toEqual([
      { url: "https://youtu.be/dQw4w9WgXcQ", country: "BR", theme: "Music" },
    ]);
  });

  it("keeps the submit disabled with a balance under 1 view", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": { views: "0", usdt: "0", pendingUsdt: "0" },
      "GET /api/videos/preview": {
        youtubeId: "dQw4w9WgXcQ",
        youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        title: "Never Gonna Give You Up",
        thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      },
    });
    await renderRoute("/add-video");
    fireEvent.change(await screen.findByLabelText("YouTube URL"), {
      target: { value: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
    });
    expect(await screen.findByTestId("extracted-title")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Video" })).toHaveProperty("disabled", true);
  });
});
