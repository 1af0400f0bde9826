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

  it.each([
    [
      "en",
      "Shares a device with 2 other accounts.",
      "Reason: Shares a device with 2 other accounts. You can",
    ],
    [
      "pt-BR",
      "Compartilha um dispositivo com 2 outras contas.",
      "Motivo: Compartilha um dispositivo com 2 outras contas. Você pode",
    ],
  ] as const)(
    "a pause reason that ends its sentence gets no second period (%s)",
    (locale, reason, text) => {
      const mail = renderNotice(
        "cashoutPaused",
        locale,
        { reason, notificationId: "n1" },
        "https://x.example",
      );
      expect(mail.text).toContain(text);
      expect(mail.text).not.toContain("..");
    },
  );

  it.each([
    ["en", "1", "sent you 1 view."],
    ["en", "2", "sent you 2 views."],
    ["pt-BR", "1", "enviou 1 view para você."],
    ["pt-BR", "2", "enviou 2 views para você."],
  ] as const)("counts in plural forms (%s, %s)", (locale, amount, text) => {
    const mail = renderNotice(
      "transferReceived",
      locale,
      { currency: "VIEWS", amount, sender: "ana", notificationId: "n1" },
      "https://x.example",
    );
    expect(mail.text).toContain(text);
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
