import { describe, expect, it } from "vitest";
import { renderNotice } from "./mail.templates";

describe("notification e-mails", () => {
  it("a kind without an e-mail of its own reads as the inbox does, in the member's language", () => {
    const mail = renderNotice(
      "cashoutPaused",
      "pt-BR",
      { reason: "Análise de rede", notificationId: "n1" },
      "https://viewvault.example",
    );
    expect(mail.subject).toBe("O saque está pausado na sua conta");
    expect(mail.text).toContain("Motivo: Análise de rede.");
    expect(mail.text).toContain("https://viewvault.example/withdraw");
    expect(mail.html).toContain('lang="pt-BR"');
  });

  it("a payout confirmation names the amount in the reader's figures and links the withdrawal", () => {
    const mail = renderNotice(
      "payoutConfirmed",
      "en",
      { withdrawalId: "w-1", amount: "1250.5", network: "TRC20" },
      "https://viewvault.example",
    );
    expect(mail.subject).toBe("Your payout is confirmed");
    expect(mail.text).toContain("1,250.50 USDT arrived on TRC20.");
    expect(mail.text).toContain("https://viewvault.example/withdraw?withdrawal=w-1");
  });

  it("the kinds that had an e-mail keep it", () => {
    const mail = renderNotice(
      "supportReply",
      "en",
      { requestId: "r", body: "Done." },
      "https://viewvault.example",
    );
    expect(mail.text).toContain("Done.");
  });
});
