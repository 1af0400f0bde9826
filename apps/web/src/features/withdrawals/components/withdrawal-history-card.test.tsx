import { render, screen, within } from "@testing-library/react";
import type { TWithdrawal, WithdrawalStatus } from "@viewvault/shared";
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

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("WithdrawalHistoryCard", () => {
  it("names every status in words, the same way, in both languages (issue 27)", async () => {
    const list = (["SENT", "COMPLETED", "FAILED"] as const).map((s, i) => withdrawal(s, i + 1));
    for (const [lang, words] of [
      ["en", ["Pending", "Completed", "Failed"]],
      ["pt-BR", ["Pendente", "Concluído", "Falhou"]],
    ] as const) {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces(["withdraw", "money"]);
      const { unmount } = render(<WithdrawalHistoryCard withdrawals={list} />);
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
