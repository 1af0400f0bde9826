import { render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { CryptoCountdownCard } from "./crypto-countdown-card";

function renderWithProviders(ui: ReactNode) {
  return render(<TestProviders>{ui}</TestProviders>);
}

describe("Views to Crypto Conversion card", () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage("en");
    await i18n.loadNamespaces(["dashboard", "money"]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("counts down to 12 December 2026 with the estimate and the not-guaranteed note", async () => {
    mockApi({
      "GET /api/balances": {
        views: "2505",
        usdt: "0",
        pendingUsdt: "0",
        heldViews: "0",
        heldNextClearAt: null,
      },
    });
    renderWithProviders(<CryptoCountdownCard now={Date.parse("2026-11-23T01:02:03Z")} />);
    const countdown = await screen.findByTestId("crypto-countdown");
    expect(countdown.textContent).toBe("18days22hours57min57sec");
    expect((await screen.findByTestId("crypto-estimate")).textContent).toBe("250.5");
    expect(
      screen.getByText(
        "Tokenization date December 12, 2026 (not guaranteed). The estimate is not guaranteed either.",
      ),
    ).toBeTruthy();
  });

  it("writes the estimate and its rate in the member's figures (pt-BR: 1.234,5 and × 0,1)", async () => {
    mockApi({
      "GET /api/balances": {
        views: "12345",
        usdt: "0",
        pendingUsdt: "0",
        heldViews: "0",
        heldNextClearAt: null,
      },
    });
    await i18n.changeLanguage("pt-BR");
    await i18n.loadNamespaces(["dashboard", "money"]);
    try {
      renderWithProviders(<CryptoCountdownCard now={Date.parse("2026-11-23T01:02:03Z")} />);
      await waitFor(() =>
        expect(screen.getByTestId("crypto-estimate").textContent).toBe("1.234,5"),
      );
      expect(screen.getByText("12.345 views × 0,1")).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("says the date has passed instead of counting negative time", async () => {
    mockApi({
      "GET /api/balances": {
        views: "10",
        usdt: "0",
        pendingUsdt: "0",
        heldViews: "0",
        heldNextClearAt: null,
      },
    });
    renderWithProviders(<CryptoCountdownCard now={Date.parse("2026-12-12T00:00:01Z")} />);
    expect((await screen.findByTestId("crypto-passed")).textContent).toBe(
      "The tokenization date (December 12, 2026) has passed.",
    );
    expect(screen.queryByTestId("crypto-countdown")).toBeNull();
  });
});
