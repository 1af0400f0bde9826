import { z } from "zod";
import { wholeUsdt } from "./money";

/**
 * Notifications (ADR 059): every kind a member can be told about, with the channels it
 * uses until the member chooses (Settings → Notifications). The inbox is always on; e-mail and
 * push are per kind. A notification is one row written by `vv_notify` in the same transaction as
 * its cause; its text comes from the `notifications` locale namespace by kind and parameters,
 * rendered in the reader's language when it is shown (web, e-mail, push).
 *
 * Parameters are strings: amounts are plain figures (`amount` in USDT as "40.5", `views` as
 * "1000") written through the catalogue's `{{x, usdt}}` / `{{x, views}}` formatters (ADR 053).
 */
export const NOTIFICATION_KINDS = {
  /** Staff granted an event bonus (`amount` USDT). */
  bonusGranted: { email: false, push: true, params: ["amount"], link: "/events" },
  /** Earned views crossed a milestone (`views` level, `amount` USDT to claim). */
  milestoneReached: { email: false, push: true, params: ["views", "amount"], link: "/events" },
  /** An invited member confirmed: the referral is paid (`username`, `views` earned). */
  referralConfirmed: {
    email: false,
    push: true,
    params: ["username", "views"],
    link: "/referrals",
  },
  /** An invited member's referral is held for review (`username`). */
  referralHeld: { email: false, push: false, params: ["username"], link: "/referrals" },
  /** A member bought the reader's marketplace offer (`views`, `total` USDT, `buyer`). */
  offerSold: { email: true, push: true, params: ["views", "total", "buyer"], link: "/marketplace" },
  /** A member sent the reader views or USDT (`currency`, `amount` minor units, `sender`). */
  transferReceived: {
    email: true,
    push: true,
    params: ["currency", "amount", "sender"],
    link: "/activity",
  },
  /**
   * Held earnings cleared (`currency`, `amount` minor units): by staff early, one per hold
   * (`holdId`); by the clearing job, one per member, currency and day, growing while unread
   * (`count`, `source: "due"`).
   */
  holdCleared: { email: false, push: false, params: ["currency", "amount"], link: "/activity" },
  /** Staff paused the reader's cash-out (`reason`). */
  cashoutPaused: { email: true, push: true, params: ["reason"], link: "/withdraw" },
  /** Staff answered the reader's support request (`requestId`). */
  supportAnswered: { email: true, push: true, params: ["requestId"], link: "/support" },
  /** The daily prize opens soon (`minutes` until it opens). */
  dailyPrizeOpening: { email: false, push: false, params: ["minutes"], link: "/events" },
  /** A payout was broadcast (`withdrawalId`, `amount` USDT, `network`). */
  payoutSent: {
    email: false,
    push: true,
    params: ["withdrawalId", "amount", "network"],
    link: "/withdraw",
  },
  /** A payout is confirmed on chain (`withdrawalId`, `amount` USDT, `network`). */
  payoutConfirmed: {
    email: true,
    push: true,
    params: ["withdrawalId", "amount", "network"],
    link: "/withdraw",
  },
  /**
   * Support sent a payout by hand on a network the server does not verify (ADR 073): the
   * transaction is recorded, not verified on chain (`withdrawalId`, `amount` USDT, `network`).
   */
  payoutRecorded: {
    email: true,
    push: true,
    params: ["withdrawalId", "amount", "network"],
    link: "/withdraw",
  },
  /** A payout failed and the amount came back (`withdrawalId`, `amount` USDT). */
  payoutFailed: { email: true, push: true, params: ["withdrawalId", "amount"], link: "/withdraw" },
} as const satisfies Record<
  string,
  { email: boolean; push: boolean; params: readonly string[]; link: string }
>;

export type TNotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as [
  TNotificationKind,
  ...TNotificationKind[],
];
export const ZNotificationKind = z.enum(NOTIFICATION_KIND_NAMES);

export const NOTIFICATIONS = {
  /** Items per inbox page. */
  pageSize: 20,
  maxPageSize: 50,
  /** Minutes before the daily prize opens that members are told (dailyPrizeOpening). */
  dailyPrizeLeadMinutes: 15,
  /** Push attempts before a delivery is given up; the pause doubles from `pushRetryBaseMs`. */
  pushMaxAttempts: 5,
  pushRetryBaseMs: 30_000,
  /** A subscription refused this many times in a row (other than 404/410) is removed. */
  pushMaxFailures: 10,
} as const;

/**
 * Where a notification leads: its kind's page, with the thing it is about when the page can
 * open it (`/support?request=…`, `/withdraw?withdrawal=…`).
 */
export function notificationLink(kind: TNotificationKind, params: Record<string, string>): string {
  const base = NOTIFICATION_KINDS[kind].link;
  if (kind === "supportAnswered" && params.requestId)
    return `${base}?request=${encodeURIComponent(params.requestId)}`;
  if (kind.startsWith("payout") && params.withdrawalId)
    return `${base}?withdrawal=${encodeURIComponent(params.withdrawalId)}`;
  return base;
}

/** The parameter whose number a kind's text counts: its plural form follows it (ADR 069). */
const COUNTED: Partial<Record<TNotificationKind, string>> = {
  milestoneReached: "views",
  referralConfirmed: "views",
  offerSold: "views",
  dailyPrizeOpening: "minutes",
};

/**
 * The catalogue's parameters of a notification: minor units of views or USDT written as the
 * formatters take them ("1000" views, "40.5" USDT), and `count` for the text's plural form (the
 * views or minutes it counts; a transfer's or a cleared hold's views).
 */
export function notificationTextParams(
  kind: TNotificationKind,
  params: Record<string, string>,
): Record<string, string | number> {
  const out: Record<string, string | number> = { ...params };
  const counted = COUNTED[kind];
  if (counted && /^\d+$/.test(params[counted] ?? "")) out.count = Number(params[counted]);
  if (params.currency === "VIEWS" && /^\d+$/.test(params.amount ?? ""))
    out.count = Number(params.amount);
  // A reason that ends its own sentence does not get a second period ("….. You can appeal").
  if (kind === "cashoutPaused" && params.reason)
    out.reason = params.reason.replace(/[\s.!?…]+$/u, "");
  if ((kind === "transferReceived" || kind === "holdCleared") && params.amount !== undefined) {
    out.amount = params.currency === "USDT" ? usdtText(params.amount) : params.amount;
    // body_USDT / body_VIEWS: the amount in its currency's figures.
    if (params.currency === "USDT" || params.currency === "VIEWS") out.context = params.currency;
  }
  if (kind === "offerSold" && params.total !== undefined) out.total = usdtText(params.total);
  return out;
}

/** micro-USDT ("40500000") as a plain USDT figure ("40.5"); anything else as it is. */
function usdtText(micro: string): string {
  return /^-?\d+$/.test(micro) ? wholeUsdt(BigInt(micro)) : micro;
}

export const ZNotification = z
  .object({
    id: z.uuid(),
    kind: ZNotificationKind,
    params: z.record(z.string(), z.string()),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Notification" });
export type TNotification = z.infer<typeof ZNotification>;

/** The inbox: newest first; `cursor` (opaque) is given back for the next page. */
export const ZNotificationsQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  kind: ZNotificationKind.optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS.maxPageSize).optional(),
});
export type TNotificationsQuery = z.infer<typeof ZNotificationsQuery>;

export const ZNotificationsPage = z
  .object({
    items: z.array(ZNotification),
    nextCursor: z.string().nullable(),
    unread: z.number().int().min(0),
  })
  .meta({ id: "NotificationsPage" });
export type TNotificationsPage = z.infer<typeof ZNotificationsPage>;

export const ZUnreadCount = z
  .object({ unread: z.number().int().min(0) })
  .meta({ id: "NotificationsUnread" });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

export const ZNotificationId = z.object({ id: z.uuid() });

/** One kind's channels as the member chose them (the inbox is always on). */
export const ZNotificationPreference = z
  .object({ kind: ZNotificationKind, email: z.boolean(), push: z.boolean() })
  .meta({ id: "NotificationPreference" });
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

export const ZNotificationPreferences = z
  .object({ preferences: z.array(ZNotificationPreference) })
  .meta({ id: "NotificationPreferences" });
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** Changes some kinds' channels; kinds left out keep theirs. */
export const ZUpdateNotificationPreferences = z
  .object({
    preferences: z.array(ZNotificationPreference).min(1).max(NOTIFICATION_KIND_NAMES.length),
  })
  .meta({ id: "UpdateNotificationPreferences" });
export type TUpdateNotificationPreferences = z.infer<typeof ZUpdateNotificationPreferences>;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "errors:validation.pushKey")
    .refine((value) => decodedLength(value) === bytes, "errors:validation.pushKey");

/** Bytes a base64url text decodes to. */
function decodedLength(value: string): number {
  const body = value.replace(/=+$/, "");
  return Math.floor((body.length * 3) / 4);
}

/**
 * A browser's push subscription (PushSubscription.toJSON()): an endpoint URL, the P-256 public
 * key (65 bytes, uncompressed) and the 16-byte auth secret, base64url. The server also refuses an
 * endpoint that is not https or is on a private or loopback address (SSRF), which a schema cannot
 * see (lib/push-endpoint.ts).
 */
export const ZPushSubscription = z
  .object({
    endpoint: z
      .string()
      .max(1000)
      .refine((value) => {
        try {
          // https only, checked by the server with the host (a local test service may be http).
          return ["https:", "http:"].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, "errors:validation.pushEndpoint"),
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  })
  .meta({ id: "PushSubscription" });
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZPushUnsubscribe = z
  .object({ endpoint: z.string().max(1000) })
  .meta({ id: "PushUnsubscribe" });

export const ZPushSubscriptionCount = z
  .object({ subscriptions: z.number().int().min(0) })
  .meta({ id: "PushSubscriptionCount" });

export const ZPushConfig = z
  .object({ publicKey: z.string().nullable() })
  .meta({ id: "PushConfig" });
export type TPushConfig = z.infer<typeof ZPushConfig>;

/** What the service worker receives in a push message (texts already in the member's language). */
export interface TPushPayload {
  id: string;
  kind: TNotificationKind;
  title: string;
  body: string;
  url: string;
}
