import { render, screen, within } from "@testing-library/react";
import type { TWithdrawal, WithdrawalStatus } from "@viewvault/shared";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { WithdrawalHistoryCard } from "./withdrawal-history-card";

const withdrawal = (status: WithdrawalStatus, id: number): TWithdrawal => ({
  id: `${id}d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a`,
  amount: "100000000",
  fee: "1000000",
  net: "99000000",
  network: "ERC20",
  walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  status,
  needsSecondApproval: false,
  cancellable: false,
  txHash: status === "COMPLETED" || status === "FAILED" ? `0x${"ab".repeat(32)}` : null,
  explorerUrl: `https://etherscan.io/tx/0x${"ab".repeat(32)}`,
  failureReason: status === "FAILED" ? "Rejected" : null,
  createdAt: "2026-11-20T12:00:00.000Z",
  updatedAt: "2026-11-20T12:00:00.000Z",
});

/** The card at /withdraw (a notification's link adds ?withdrawal=<id>). */
const show = (withdrawals: TWithdrawal[], path = "/withdraw") =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <WithdrawalHistoryCard withdrawals={withdrawals} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("WithdrawalHistoryCard", () => {
  it("names every status in words, the same way, in both languages", async () => {
    const list = (["SENT", "COMPLETED", "FAILED"] as const).map((s, i) => withdrawal(s, i + 1));
    for (const [lang, words] of [
      ["en", ["Pending", "Completed", "Failed"]],
      ["pt-BR", ["Pendente", "Concluído", "Falhou"]],
    ] as const) {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces(["withdraw", "money"]);
      const { unmount } = show(list);
      expect(screen.getAllByTestId("withdrawal-status").map((b) => b.textContent)).toEqual([
        ...words,
      ]);
      // The explorer link only for money that was sent.
      const rows = screen.getAllByTestId("withdrawal-row");
      expect(within(rows[1] as HTMLElement).queryAllByRole("link")).toHaveLength(1);
      expect(within(rows[2] as HTMLElement).queryAllByRole("link")).toHaveLength(0);
      unmount();
    }
  });
});

describe("WithdrawalHistoryCard: payouts the chain confirms (ADR 058)", () => {
  const hash = `0x${"cd".repeat(32)}`;
  const confirming: TWithdrawal = {
    ...withdrawal("CONFIRMING", 9),
    txHash: hash,
    explorerUrl: `https://etherscan.io/tx/${hash}`,
    confirmations: 2,
    requiredConfirmations: 12,
    timeline: [
      {
        step: "requested",
        txHash: null,
        explorerUrl: null,
        reason: null,
        at: "2026-11-20T12:00:00.000Z",
      },
      {
        step: "in_review",
        txHash: null,
        explorerUrl: null,
        reason: null,
        at: "2026-11-20T12:05:00.000Z",
      },
      {
        step: "sent",
        txHash: hash,
        explorerUrl: `https://etherscan.io/tx/${hash}`,
        reason: null,
        at: "2026-11-20T12:10:00.000Z",
      },
    ],
  };

  it("shows Sent, confirming with the confirmations so far, the explorer link and the timeline, in both languages", async () => {
    for (const [lang, status, count, steps] of [
      ["en", "Sent, confirming", "2 of 12 confirmations", ["Requested", "In review", "Sent"]],
      [
        "pt-BR",
        "Enviado, confirmando",
        "2 de 12 confirmações",
        ["Solicitado", "Em análise", "Enviado"],
      ],
    ] as const) {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces(["withdraw", "money"]);
      const { unmount } = show([confirming]);
      expect(screen.getByTestId("withdrawal-status").textContent).toBe(status);
      expect(screen.getByTestId("withdrawal-confirmations").textContent).toBe(count);
      const timeline = screen.getByTestId("withdrawal-timeline");
      expect(
        within(timeline)
          .getAllByRole("listitem")
          .map((li) => li.getAttribute("data-step")),
      ).toEqual(["requested", "in_review", "sent"]);
      for (const step of steps) expect(within(timeline).getByText(step)).toBeTruthy();
      // The card's link and the timeline's "sent" link both open the explorer.
      const links = screen.getAllByRole("link");
      expect(links.every((a) => a.getAttribute("href") === `https://etherscan.io/tx/${hash}`)).toBe(
        true,
      );
      unmount();
    }
  });

  it("says why a transaction went back to support, and a failure's refund", async () => {
    await i18n.loadNamespaces(["withdraw", "money"]);
    const failed: TWithdrawal = {
      ...withdrawal("FAILED", 8),
      timeline: [
        {
          step: "requested",
          txHash: null,
          explorerUrl: null,
          reason: null,
          at: "2026-11-20T12:00:00.000Z",
        },
        {
          step: "returned",
          txHash: hash,
          explorerUrl: null,
          reason: "REVERTED",
          at: "2026-11-20T12:30:00.000Z",
        },
        {
          step: "failed",
          txHash: null,
          explorerUrl: null,
          reason: "Rejected",
          at: "2026-11-20T13:00:00.000Z",
        },
      ],
    };
    show([failed]);
    const timeline = screen.getByTestId("withdrawal-timeline");
    expect(within(timeline).getByText(/The transaction is gone \(failed on chain\)/)).toBeTruthy();
    expect(
      within(timeline).getByText(/Failed: Rejected — the full amount was refunded/),
    ).toBeTruthy();
  });

  it("says a hand-recorded payout was sent by support, never 'Confirmed', with its link (both languages)", async () => {
    const tron = "ab".repeat(32);
    const recorded: TWithdrawal = {
      ...withdrawal("COMPLETED", 7),
      network: "TRC20",
      txHash: tron,
      explorerUrl: `https://tronscan.org/#/transaction/${tron}`,
      timeline: [
        {
          step: "requested",
          txHash: null,
          explorerUrl: null,
          reason: null,
          at: "2026-11-20T12:00:00.000Z",
        },
        {
          step: "recorded",
          txHash: tron,
          explorerUrl: `https://tronscan.org/#/transaction/${tron}`,
          reason: null,
          at: "2026-11-20T12:10:00.000Z",
        },
      ],
    };
    for (const [lang, text, confirmed] of [
      ["en", "Sent by support (transaction recorded, not verified on chain)", /Confirmed/],
      [
        "pt-BR",
        "Enviado pelo suporte (transação registrada, não verificada na blockchain)",
        /Confirmad/,
      ],
    ] as const) {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces(["withdraw", "money"]);
      const { unmount } = show([recorded]);
      const timeline = screen.getByTestId("withdrawal-timeline");
      expect(within(timeline).getByText(text)).toBeTruthy();
      expect(timeline.textContent).not.toMatch(confirmed);
      expect(within(timeline).getByRole("link").getAttribute("href")).toBe(
        `https://tronscan.org/#/transaction/${tron}`,
      );
      unmount();
    }
  });

  it("marks the withdrawal a payout notification links to (?withdrawal=)", async () => {
    const list = (["SENT", "COMPLETED"] as const).map((s, i) => withdrawal(s, i + 1));
    const linked = list[1] as TWithdrawal;
    show(list, `/withdraw?withdrawal=${linked.id}`);
    const rows = screen.getAllByTestId("withdrawal-row");
    expect(rows[1]?.getAttribute("aria-current")).toBe("true");
    expect(rows[1]?.id).toBe(`withdrawal-${linked.id}`);
    expect(rows[0]?.hasAttribute("aria-current")).toBe(false);
  });
});
