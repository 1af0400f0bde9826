import {
  type Locale,
  NOTIFICATION_KINDS,
  NOTIFICATIONS,
  notificationLink,
  notificationTextParams,
  type TNotificationKind,
  type TPushPayload,
  type TPushSubscription,
} from "@viewvault/shared";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { toLocale, translator } from "../../lib/i18n";
import { createPollLoop } from "../../lib/poll-loop";
import { postPush, refusePushEndpoint } from "../../lib/push-endpoint";
import type { VapidKeys } from "../../lib/vapid";
import {
  claimDueDeliveries,
  countSubscriptions,
  deleteSubscription,
  dropSubscription,
  markDelivered,
  markFailed,
  type PushDelivery,
  pushBacklog,
  upsertSubscription,
} from "./push.repository";

export { pushBacklog };

/**
 * Saves a browser's push subscription for the member, after the checks a schema cannot make: the
 * endpoint must be https on a public host (a forged one pointing inside our network is refused).
 */
export interface SubscribePushOptions {
  db: Db;
  clock: Clock;
  memberId: string;
  body: TPushSubscription;
  userAgent: string | undefined;
  /** Private endpoints allowed (tests only); VAPID keys configured. */
  allowPrivate: boolean;
  configured: boolean;
}

export async function subscribePush(
  opts: SubscribePushOptions,
): Promise<{ subscriptions: number }> {
  const { db, clock, memberId, body, userAgent } = opts;
  if (!opts.configured) throw new AppError("PUSH_SUBSCRIPTION_REFUSED", { context: "unavailable" });
  const refused = await refusePushEndpoint(body.endpoint, opts.allowPrivate);
  if (refused === "notHttps")
    throw new AppError(
      "VALIDATION_FAILED",
      {},
      {
        fields: [{ path: "endpoint", message: "errors:validation.pushEndpoint" }],
      },
    );
  if (refused) throw new AppError("PUSH_SUBSCRIPTION_REFUSED", { context: refused });
  await upsertSubscription(
    db,
    {
      memberId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
    },
    clock.now(),
  );
  return { subscriptions: await countSubscriptions(db, memberId) };
}

export async function unsubscribePush(
  db: Db,
  memberId: string,
  endpoint: string,
): Promise<{ subscriptions: number }> {
  await deleteSubscription(db, memberId, endpoint);
  return { subscriptions: await countSubscriptions(db, memberId) };
}

/** What the service worker shows: the texts in the member's language, and where a click leads. */
export function pushPayload(
  notificationId: string,
  kind: TNotificationKind,
  params: Record<string, string>,
  locale: Locale,
): TPushPayload {
  const t = translator(locale);
  const values = notificationTextParams(kind, params);
  return {
    id: notificationId,
    kind,
    title: t(`notifications:kinds.${kind}.title`, values),
    body: t(`notifications:kinds.${kind}.body`, values),
    url: notificationLink(kind, params),
  };
}

export interface PushSender {
  /** Sends what is due now; resolves with how many were sent. */
  deliverDue(): Promise<number>;
  /** Something may be due soon (a notification committed): deliver shortly. */
  nudge(): void;
  start(): void;
  stop(): Promise<void>;
}

const LEASE_MS = 60_000;

/**
 * The push job (ADR 059): claims due deliveries (SKIP LOCKED, once per claim), sends each with
 * web-push, retries with a doubling pause, removes subscriptions the push service answers 404 or
 * 410 for. It runs beside requests and never inside a cause's transaction: a slow or failing push
 * service delays nothing but the push.
 */
export function createPushSender(opts: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  vapid: VapidKeys;
  /** Private endpoints allowed (tests only: a local mock push service). */
  allowPrivate: boolean;
  timeoutMs?: number;
}): PushSender {
  async function deliver(d: PushDelivery): Promise<void> {
    const kind = d.kind in NOTIFICATION_KINDS ? (d.kind as TNotificationKind) : null;
    const now = () => opts.clock.now();
    if (!kind) {
      await markFailed(opts.db, d, `unknown kind ${d.kind}`, null, NOTIFICATIONS.pushMaxFailures);
      return;
    }
    const payload = pushPayload(d.notificationId, kind, d.params ?? {}, toLocale(d.locale) ?? "en");
    try {
      // web-push encrypts and signs (RFC 8291, VAPID); postPush sends it without following
      // redirects and checks the endpoint's address again as it connects (DNS rebinding).
      const request = webpush.generateRequestDetails(
        { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: opts.vapid,
          TTL: 24 * 60 * 60,
          urgency: kind.startsWith("payout") || kind === "cashoutPaused" ? "high" : "normal",
        },
      );
      const status = await postPush(
        {
          endpoint: request.endpoint,
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body,
        },
        { allowPrivate: opts.allowPrivate, timeoutMs: opts.timeoutMs ?? 10_000 },
      );
      if (status < 200 || status > 299)
        throw Object.assign(new Error(`HTTP ${status}`), { statusCode: status });
      await markDelivered(opts.db, d, now());
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        // The browser unsubscribed or the subscription expired: it and its deliveries go.
        await dropSubscription(opts.db, d.subscriptionId);
        return;
      }
      const message = status ? `HTTP ${status}` : error instanceof Error ? error.message : "error";
      const retry =
        d.attempts < NOTIFICATIONS.pushMaxAttempts
          ? new Date(now().getTime() + NOTIFICATIONS.pushRetryBaseMs * 2 ** (d.attempts - 1))
          : null;
      await markFailed(opts.db, d, message, retry, NOTIFICATIONS.pushMaxFailures);
      opts.log.warn({ status, attempts: d.attempts }, "push delivery failed");
    }
  }

  async function deliverDue(): Promise<number> {
    const claimed = await claimDueDeliveries(opts.db, opts.clock.now(), 50, LEASE_MS);
    let sent = 0;
    // A few at a time: one slow push service does not hold the others back.
    for (let i = 0; i < claimed.length; i += 5) {
      await Promise.all(claimed.slice(i, i + 5).map(deliver));
      sent += Math.min(5, claimed.length - i);
    }
    return sent;
  }

  const loop = createPollLoop({
    run: deliverDue,
    onError: (error) => opts.log.error({ err: error }, "push delivery loop failed"),
  });

  return { deliverDue, nudge: loop.nudge, start: loop.start, stop: loop.stop };
}
