import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { json, mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { FraudEvidence } from "./fraud-evidence";
import type { StaffActionKit } from "./staff-action-kit";

/** The admin console's reason dialog, reduced to a button that confirms with a fixed reason. */
function StandInReasonDialog({
  title,
  onConfirm,
}: {
  title: string;
  onConfirm: (reason: string, report: (error: unknown) => void) => void;
}) {
  return (
    <div role="dialog" aria-label={title}>
      <button type="button" onClick={() => onConfirm("One phone", () => undefined)}>
        confirm
      </button>
    </div>
  );
}

const ID = "6d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a";

function evidence(paused: boolean) {
  return {
    member: {
      member: { id: ID, username: "farm_bia", isVerified: false },
      suspended: false,
      score: 70,
      level: "high",
      reasons: [{ code: "sharedDeviceAndNetwork", points: 30, params: { accounts: 2 } }],
      updatedAt: "2026-11-26T12:00:00.000Z",
      cashoutPaused: paused,
    },
    enforcement: {
      cashoutPausedAt: paused ? "2026-11-26T12:00:00.000Z" : null,
      pauseReason: paused ? "One phone" : null,
      appealRequestId: null,
      reviewedAt: null,
      reviewReason: null,
    },
    sessions: [],
    sharedWith: [
      {
        member: {
          id: "7d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
          username: "farm_ana",
          isVerified: false,
        },
        devices: ["abcdefghij"],
        networks: ["100.64.23.0/24"],
      },
    ],
    referrals: [],
  };
}

describe("FraudEvidence", () => {
  it("shows the reasons and shared signals, asks for a reason, then a step-up, and retries", async () => {
    const posts: unknown[] = [];
    let stepped = false;
    mockApi({
      [`GET /api/fraud/members/${ID}`]: evidence(false),
      [`POST /api/fraud/members/${ID}/pause`]: ({ body }: { body: unknown }) => {
        posts.push(body);
        if (!stepped) {
          return json({ code: "STEP_UP_REQUIRED", message: "x", params: { minutes: 10 } }, 403);
        }
        return evidence(true);
      },
    });
    const retries: Array<() => void> = [];
    const kit: StaffActionKit = {
      guard: (error, retry) => {
        if ((error as { code?: string }).code !== "STEP_UP_REQUIRED") return false;
        retries.push(retry);
        return true;
      },
      dialog: null,
      ReasonDialog: StandInReasonDialog,
    };
    render(
      <TestProviders>
        <MemoryRouter>
          <FraudEvidence memberId={ID} kit={kit} />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(
      await screen.findByText("Uses a device on the same network as 2 other accounts"),
    ).toBeTruthy();
    expect(screen.getByText("@farm_ana")).toBeTruthy();
    expect(screen.getByText(/100\.64\.23\.0\/24/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pause cash-out" }));
    const dialog = screen.getByRole("dialog", { name: "Pause cash-out" });
    fireEvent.click(within(dialog).getByRole("button", { name: "confirm" }));
    await waitFor(() => expect(retries).toHaveLength(1));
    stepped = true;
    retries[0]?.();
    expect(await screen.findByText(/Cash-out paused since .*: One phone/)).toBeTruthy();
    expect(posts).toEqual([{ reason: "One phone" }, { reason: "One phone" }]);
  });
});
