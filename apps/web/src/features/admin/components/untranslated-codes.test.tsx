import { render, screen, within } from "@testing-library/react";
import {
  AUDIT_ACTION_NAMES,
  AUDIT_CODED_KEYS,
  AUDIT_DETAIL_KEYS,
  AUDIT_VALUES,
  LEDGER_KINDS,
  SUPPORT_STATUSES,
  type TAdminMemberDetail,
  type TAuditEvent,
  WITHDRAWAL_STATUSES,
} from "@viewvault/shared";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { AuditEventList } from "./audit-event-list";
import { MemberDetail } from "./member-detail";

// The console shows words, never the codes the server stores: every audit action, detail key and
// coded value, every ledger kind and every status, in both languages.

const SAM = { id: "2a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", username: "sam", isVerified: false };
const DEMO = { id: "3a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", username: "demo", isVerified: false };
const AT = "2026-11-20T12:00:00.000Z";
const CODED: readonly string[] = AUDIT_CODED_KEYS;
/** A code as a whole word (case-sensitive): what an untranslated value looks like on screen. */
const wordOf = (code: string) => new RegExp(`(^|[^\\w.])${code}($|[^\\w])`);

function event(n: number, fields: Partial<TAuditEvent>): TAuditEvent {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    actor: SAM,
    actorRole: "support",
    action: "support.status",
    target: DEMO,
    reason: null,
    before: null,
    after: null,
    address: null,
    people: { [SAM.id]: SAM },
    createdAt: AT,
    ...fields,
  };
}

const sample = (key: string): unknown =>
  CODED.includes(key)
    ? AUDIT_VALUES[0]
    : key === "processedBy" || key === "approvedBy"
      ? SAM.id
      : key === "txVerified" || key === "suspended" || key === "cashoutPaused"
        ? false
        : "7";

const EVENTS: TAuditEvent[] = [
  ...AUDIT_ACTION_NAMES.map((action, i) => event(i, { action })),
  ...AUDIT_VALUES.map((value, i) =>
    event(100 + i, { before: { status: "SENT" }, after: { status: value } }),
  ),
  event(200, {
    after: Object.fromEntries(AUDIT_DETAIL_KEYS.map((key) => [key, sample(key)])),
  }),
];

function memberDetail(): TAdminMemberDetail {
  return {
    member: {
      id: DEMO.id,
      username: "demo",
      email: "demo@viewvault.local",
      role: "member",
      suspended: false,
      createdAt: AT,
      isVerified: false,
      locale: "en",
      twoFactorEnabled: false,
      walletAddress: null,
      walletNetwork: null,
      signupIp: null,
      signupUserAgent: null,
    },
    balances: { views: "0", usdt: "0", pendingUsdt: "0", heldViews: "0", heldNextClearAt: null },
    ledger: LEDGER_KINDS.map((kind, i) => ({
      id: `l${i}`,
      kind,
      currency: "VIEWS",
      amount: "1",
      balanceAfter: null,
      createdAt: AT,
    })),
    sessions: [],
    referrer: null,
    referrals: (["PAID", "HELD", "REJECTED"] as const).map((status, i) => ({
      id: `r${i}`,
      referee: {
        id: `4a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2${i}`,
        username: `friend${i}`,
        isVerified: false,
      },
      status,
      createdAt: AT,
    })),
    flags: [],
    audit: [],
    supportRequests: [
      ...WITHDRAWAL_STATUSES.map((status, i) => ({
        id: `w${i}`,
        requestType: "WITHDRAWAL",
        status: "PENDING",
        withdrawal: { status, amount: "100000000", network: "TRC20", failureReason: null },
        createdAt: AT,
      })),
      ...SUPPORT_STATUSES.map((status, i) => ({
        id: `s${i}`,
        requestType: "OTHER",
        status,
        withdrawal: null,
        createdAt: AT,
      })),
    ],
  } as unknown as TAdminMemberDetail;
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe.each(["en", "pt-BR"] as const)("no raw code on the admin console (%s)", (lang) => {
  it("names every audit action, detail key and coded value in words", async () => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces(["admin", "money"]);
    render(
      <MemoryRouter>
        <AuditEventList events={EVENTS} />
      </MemoryRouter>,
    );
    const actions = screen.getAllByTestId("audit-action").map((b) => b.textContent ?? "");
    for (const action of AUDIT_ACTION_NAMES) expect(actions).not.toContain(action);
    const keys = new Set<string>(AUDIT_DETAIL_KEYS);
    for (const change of screen.getAllByTestId("audit-change")) {
      for (const line of within(change).getAllByRole("listitem")) {
        const label = (line.firstElementChild?.textContent ?? "").replace(/:$/, "");
        expect(keys.has(label), `untranslated detail key ${label}`).toBe(false);
        const value = (line.textContent ?? "").slice(label.length + 1);
        for (const code of AUDIT_VALUES) {
          expect(value, `untranslated value ${code} (${lang})`).not.toMatch(wordOf(code));
        }
        expect(value).not.toMatch(/audit\.|\btrue\b|\bfalse\b/);
      }
    }
  });

  it("names every ledger kind, status and the member's language in words", async () => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces(["admin", "money", "support"]);
    const { container } = render(
      <MemoryRouter>
        <MemberDetail detail={memberDetail()} />
      </MemoryRouter>,
    );
    const kinds = screen.getAllByTestId("ledger-kind").map((k) => k.textContent ?? "");
    expect(kinds).toHaveLength(LEDGER_KINDS.length);
    for (const [i, kind] of LEDGER_KINDS.entries()) {
      expect(kinds[i], `untranslated ledger kind ${kind}`).not.toBe(kind);
      expect(kinds[i]).not.toMatch(/_|ledgerKinds/);
    }
    const text = container.textContent ?? "";
    const statuses = new Set<string>([...WITHDRAWAL_STATUSES, ...SUPPORT_STATUSES, "PAID", "HELD"]);
    for (const code of statuses) expect(text, `untranslated ${code}`).not.toMatch(wordOf(code));
    expect(text).not.toMatch(/withdrawalStatus\.|status\.|referralStatus\.|languages\./);
    expect(text).toContain(lang === "en" ? "English" : "Inglês");
  });
});
