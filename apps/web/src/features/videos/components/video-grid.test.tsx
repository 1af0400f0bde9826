import { fireEvent, render, screen, within } from "@testing-library/react";
import type { TVideo } from "@viewvault/shared";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { VideoGrid } from "./video-grid";

const NOW = Date.parse("2026-11-21T12:00:00.000Z");
const ME = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";

function video(n: number, overrides: Partial<TVideo> = {}): TVideo {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    ownerId: "11111111-1111-4111-8111-111111111111",
    ownerUsername: "bruno",
    title: `Video number ${n}`,
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    youtubeId: "dQw4w9WgXcQ",
    country: "BR",
    theme: "Music",
    thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    watchedCount: 1,
    boostedUntil: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

function inRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/feed"] });
  return render(<RouterProvider router={router} />);
}

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["videos", "money"]);
});

describe("VideoGrid", () => {
  it("shows the cards in order, Boost on the member's own, and Load more", () => {
    const fetchNextPage = vi.fn();
    const onBoost = vi.fn();
    inRouter(
      <VideoGrid
        videos={[
          video(1, { boostedUntil: new Date(NOW + 90 * 60_000).toISOString() }),
          video(2, { ownerId: ME }),
        ]}
        now={NOW}
        ownerId={ME}
        onBoost={onBoost}
        hasNextPage
        isFetchingNextPage={false}
        fetchNextPage={fetchNextPage}
      />,
    );
    const cards = screen.getAllByTestId("video-card");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Video number 1",
      "Video number 2",
    ]);
    expect(within(cards[0] as HTMLElement).getByText(/1h 30m left/)).toBeTruthy();
    expect(within(cards[0] as HTMLElement).queryByRole("button", { name: "Boost 24h" })).toBeNull();
    fireEvent.click(within(cards[1] as HTMLElement).getByRole("button", { name: "Boost 24h" }));
    expect(onBoost).toHaveBeenCalledWith(expect.objectContaining({ id: video(2).id }));
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("clamps long titles, breaks long words and keeps the whole title on hover", () => {
    const title = `A ${"Supercalifragilisticexpialidocious".repeat(4)} title that goes on and on`;
    inRouter(
      <VideoGrid
        videos={[video(1, { title })]}
        now={NOW}
        ownerId={undefined}
        onBoost={vi.fn()}
        hasNextPage={false}
        isFetchingNextPage={false}
        fetchNextPage={vi.fn()}
      />,
    );
    const heading = within(screen.getByTestId("video-card")).getByRole("heading");
    expect(heading.className).toContain("line-clamp-2");
    expect(heading.className).toContain("[overflow-wrap:anywhere]");
    expect(within(heading).getByRole("link", { name: title }).getAttribute("title")).toBe(title);
  });

  it("says when the next page loads and when the feed ends; visitors own nothing", () => {
    const props = {
      videos: [video(1)],
      now: NOW,
      ownerId: undefined,
      onBoost: vi.fn(),
      fetchNextPage: vi.fn(),
    };
    const { unmount } = inRouter(<VideoGrid {...props} hasNextPage isFetchingNextPage />);
    expect(screen.getByText("Loading more videos…")).toBeTruthy();
    unmount();
    inRouter(<VideoGrid {...props} hasNextPage={false} isFetchingNextPage={false} />);
    expect(screen.getByText("You have reached the end of the feed.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Boost 24h" })).toBeNull();
  });

  it("marks the videos that paid the member and offers Report on others' videos", () => {
    const onReport = vi.fn();
    inRouter(
      <VideoGrid
        videos={[video(1), video(2), video(3, { ownerId: ME })]}
        now={NOW}
        ownerId={ME}
        onBoost={vi.fn()}
        earned={new Map([[video(1).id, "2026-11-22T10:00:00.000Z"]])}
        onReport={onReport}
        hasNextPage={false}
        isFetchingNextPage={false}
        fetchNextPage={vi.fn()}
      />,
    );
    const [first, second, own] = screen.getAllByTestId("video-card");
    expect(within(first!).getByTestId("video-earned").textContent).toBe("Watched (earned)");
    expect(within(second!).queryByTestId("video-earned")).toBeNull();
    fireEvent.click(
      within(second!).getByRole("button", { name: "Report this video: Video number 2" }),
    );
    expect(onReport).toHaveBeenCalledWith(video(2));
    // The member's own video offers Boost, not Report.
    expect(within(own!).queryByRole("button", { name: /Report/ })).toBeNull();
  });
});
