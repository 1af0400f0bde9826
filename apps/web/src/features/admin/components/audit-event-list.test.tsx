import { render, screen } from "@testing-library/react";
import type { TAdminMemberDetail, TAuditEvent } from "@viewvault/shared";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { AuditEventList } from "./audit-event-list";
import { MemberDetail } from "./member-detail";

const ADMIN = { id: "1a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", username: "ada", isVerified: false };
const SAM = { id: "2a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", username: "sam", isVerified: false };
const DEMO = { id: "3a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", username: "demo", isVerified: false };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const EVENTS: TAuditEvent[] = [
  {
    id: "4a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
    actor: SAM,
    actorRole: "support",
    action: "withdrawal.complete_awaiting_approval",
    target: DEMO,
    targetType: "withdrawal",
    targetId: "5a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
    reason: null,
    before: {
      status: "SENT",
      processedBy: SAM.id,
      txHash: null,
      failureReason: null,
      approvedBy: null,
      amount: "1200000000",
      currency: "USDT",
    },
    after: {
      status: "AWAITING_APPROVAL",
      processedBy: SAM.id,
      txHash: `0x${"ab".repeat(32)}`,
      failureReason: null,
      approvedBy: null,
      amount: "1200000000",
      currency: "USDT",
    },
    address: "203.0.113.7",
    people: { [SAM.id]: SAM },
    createdAt: "2026-11-20T12:00:00.000Z",
  },
  {
    id: "6a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
    actor: ADMIN,
    actorRole: "admin",
    action: "bonus.grant",
    target: DEMO,
    targetType: "event_bonus",
    targetId: "7a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
    reason: "Launch week prize",
    before: { status: null },
    after: { status: "AVAILABLE", amount: "1500000000", currency: "USDT" },
    address: "203.0.113.8",
    people: {},
    createdAt: "2026-11-20T12:05:00.000Z",
  },
];

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

async function inLanguage(lang: "en" | "pt-BR") {
  await i18n.changeLanguage(lang);
  await i18n.loadNamespaces(["admin", "money"]);
}

describe("AuditEventList", () => {
  it("reads in words: actions, amounts, members by username, statuses", async () => {
    await inLanguage("en");
    const { container } = render(
      <MemoryRouter>
        <AuditEventList events={EVENTS} />
      </MemoryRouter>,
    );
    const text = container.textContent ?? "";
    expect(screen.getAllByTestId("audit-action").map((b) => b.textContent)).toEqual([
      "Sent a withdrawal for second approval",
      "Granted an event bonus",
    ]);
    expect(text).not.toContain("withdrawal.complete_awaiting_approval");
    expect(text).not.toContain("bonus.grant");
    expect(text).not.toContain("1200000000");
    expect(text).not.toMatch(UUID);
    expect(text).toContain("Amount: 1,200.00 USDT");
    expect(text).toContain("Status: Pending → Awaiting second approval");
    expect(text).toContain("Amount: 1,500.00 USDT");
    expect(text).toContain("Status: Available");
    expect(screen.getAllByRole("link", { name: "@sam" }).length).toBe(2);
    expect(screen.getByRole("link", { name: "@ada" }).getAttribute("href")).toBe(
      `/admin/members/${ADMIN.id}`,
    );
  });

  it("in Portuguese too", async () => {
    await inLanguage("pt-BR");
    const { container } = render(
      <MemoryRouter>
        <AuditEventList events={EVENTS} />
      </MemoryRouter>,
    );
    const text = container.textContent ?? "";
    expect(screen.getAllByTestId("audit-action").map((b) => b.textContent)).toEqual([
      "Enviou um saque para a segunda aprovação",
      "Concedeu um bônus de evento",
    ]);
    expect(text).toContain("Valor: 1.200,00 USDT");
    expect(text).toContain("Status: Pendente → Aguardando segunda aprovação");
  });
});

describe("MemberDetail's ledger", () => {
  it("names each line's kind in words and its amount with the currency's formatter", async () => {
    await inLanguage("en");
    await i18n.loadNamespaces("support");
    const detail = {
      member: {
        id: DEMO.id,
        username: "demo",
        email: "demo@viewvault.local",
        role: "member",
        suspended: false,
        createdAt: "2026-11-01T12:00:00.000Z",
        isVerified: false,
        locale: "en",
        twoFactorEnabled: false,
        walletAddress: null,
        walletNetwork: null,
        signupIp: null,
        signupUserAgent: null,
      },
      balances: { views: "0", usdt: "0", pendingUsdt: "0", heldViews: "0", heldNextClearAt: null },
      ledger: [
        {
          id: "l1",
          kind: "withdrawal_payout",
          currency: "USDT",
          amount: "-200000000",
          balanceAfter: null,
          createdAt: "2026-11-20T12:00:00.000Z",
        },
        {
          id: "l2",
          kind: "watch_reward",
          currency: "VIEWS",
          amount: "1200",
          balanceAfter: null,
          createdAt: "2026-11-20T12:00:00.000Z",
        },
      ],
      sessions: [],
      referrer: null,
      referrals: [],
      flags: [],
      audit: [],
      supportRequests: [],
    } as unknown as TAdminMemberDetail;
    render(
      <MemoryRouter>
        <MemberDetail detail={detail} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId("ledger-kind").map((k) => k.textContent)).toEqual([
      "Withdrawal sent",
      "Watch reward",
    ]);
    expect(screen.getAllByTestId("ledger-amount").map((k) => k.textContent)).toEqual([
      "−200.00 USDT",
      "+1,200 views",
    ]);
  });
});
