import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { TDeskRisk } from "@viewvault/shared";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DeskRisk } from "@/components/staff/desk-risk";
import i18n, { i18nReady } from "@/lib/i18n";
import { mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { AskReviewButton } from "./ask-review-dialog";

const REQUEST_ID = "5d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a";
const MEMBER_ID = "6d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a";
const ASKED_AT = "2026-11-28T12:00:00.000Z";

const inReview: TDeskRisk = {
  score: 80,
  level: "high",
  reasons: [],
  inReview: true,
  reviewRequest: null,
  cluster: null,
  heldViews: "0",
  clearedViewsRecent: "0",
  watchedViewsRecent: "0",
  watchSharePercent: null,
};
const requested: TDeskRisk = {
  ...inReview,
  reviewRequest: {
    requestedAt: ASKED_AT,
    requestedBy: { id: "7d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a", username: "sam" },
    note: "Wants it today",
  },
};

/** The desk's panel, as request-details.tsx composes it for staff. */
function Panel({ risk }: { risk: TDeskRisk }) {
  return (
    <MemoryRouter>
      <TestProviders>
        <DeskRisk
          risk={risk}
          memberId={MEMBER_ID}
          askReview={<AskReviewButton requestId={REQUEST_ID} username="bruno" />}
        />
      </TestProviders>
    </MemoryRouter>
  );
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

describe.each([
  ["en", "Ask an admin to review", "Ask for the review", "Review requested by @sam at"],
  ["pt-BR", "Pedir revisão a um admin", "Pedir a revisão", "Revisão pedida por @sam em"],
] as const)("the desk's risk panel (%s)", (lang, button, submit, requestedBy) => {
  it("asks an admin to review a member in review once, then shows who asked", async () => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces(["support", "fraud", "money"]);
    const fetchMock = mockApi({
      [`POST /api/support/desk/requests/${REQUEST_ID}/review-request`]: requested.reviewRequest,
    });
    const { rerender } = render(<Panel risk={inReview} />);
    fireEvent.click(screen.getByRole("button", { name: button }));
    fireEvent.change(await screen.findByRole("textbox"), { target: { value: "Wants it today" } });
    const send = screen.getByRole("button", { name: submit });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ note: "Wants it today" });

    // The desk reads the member's risk again: the open request replaces the button.
    rerender(<Panel risk={requested} />);
    expect(screen.getByTestId("desk-risk-requested").textContent).toContain(requestedBy);
    expect(screen.getByTestId("desk-risk-requested").textContent).toContain("Wants it today");
    expect(screen.queryByRole("button", { name: button })).toBeNull();
  });
});

describe("the panel for a member not in review", () => {
  it("offers no button", () => {
    render(<Panel risk={{ ...inReview, level: "normal", score: 20, inReview: false }} />);
    expect(screen.queryByRole("button", { name: "Ask an admin to review" })).toBeNull();
    expect(screen.queryByTestId("desk-risk-requested")).toBeNull();
  });
});
