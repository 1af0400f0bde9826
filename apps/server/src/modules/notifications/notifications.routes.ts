import {
  ZErrorResponse,
  ZNotificationId,
  ZNotificationPreferences,
  ZNotificationsPage,
  ZNotificationsQuery,
  ZPushConfig,
  ZPushSubscription,
  ZPushSubscriptionCount,
  ZPushUnsubscribe,
  ZUnreadCount,
  ZUpdateNotificationPreferences,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteApp } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import {
  listOwnNotifications,
  markAllOwnRead,
  markOwnRead,
  ownPreferences,
  unreadCount,
  updateOwnPreferences,
} from "./notifications.service";
import { subscribePush, unsubscribePush } from "./push.service";

interface NotificationsRoutesOptions {
  /** The VAPID public key browsers subscribe with (null: push is not offered). */
  vapidPublicKey: string | null;
  /** Tests only: accept a local mock push service's endpoint (lib/push-endpoint.ts). */
  allowPrivateEndpoints: boolean;
}

/** Web push: the VAPID key, and this browser's subscription saved or removed. */
function pushRoutes(app: RouteApp, opts: NotificationsRoutesOptions): void {
  app.get(
    "/api/push/config",
    {
      schema: {
        tags: ["notifications"],
        summary: "The VAPID public key a browser subscribes to push with (null: not offered)",
        response: { 200: ZPushConfig },
      },
    },
    async () => ({ publicKey: opts.vapidPublicKey }),
  );

  app.post(
    "/api/push/subscriptions",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ["notifications"],
        summary:
          "Save this browser's push subscription (https endpoint on a public host, P-256 keys)",
        body: ZPushSubscription,
        response: {
          200: ZPushSubscriptionCount,
          400: ZErrorResponse,
          401: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request) =>
      subscribePush({
        db: app.db,
        clock: app.clock,
        memberId: currentMember(request).profile.id,
        body: request.body,
        userAgent: request.headers["user-agent"],
        allowPrivate: opts.allowPrivateEndpoints,
        configured: opts.vapidPublicKey !== null,
      }),
  );

  app.post(
    "/api/push/subscriptions/remove",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["notifications"],
        summary: "Remove one of the member's push subscriptions (this browser's)",
        body: ZPushUnsubscribe,
        response: { 200: ZPushSubscriptionCount, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) =>
      unsubscribePush(app.db, currentMember(request).profile.id, request.body.endpoint),
  );
}

/** The inbox: the page, the unread count, marking read. */
function inboxRoutes(app: RouteApp): void {
  app.get(
    "/api/notifications",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["notifications"],
        summary: "The member's notifications, newest first, by keyset (cursor), one kind or all",
        querystring: ZNotificationsQuery,
        response: { 200: ZNotificationsPage, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) =>
      listOwnNotifications(app.db, currentMember(request).profile.id, request.query),
  );

  app.get(
    "/api/notifications/unread",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["notifications"],
        summary: "How many of the member's notifications are unread (the bell)",
        response: { 200: ZUnreadCount, 401: ZErrorResponse },
      },
    },
    async (request) => unreadCount(app.db, currentMember(request).profile.id),
  );

  app.post(
    "/api/notifications/:id/read",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["notifications"],
        summary: "Mark one of the member's notifications read (another member's is not found)",
        params: ZNotificationId,
        response: {
          200: ZUnreadCount,
          400: ZErrorResponse,
          401: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) =>
      markOwnRead(app.db, app.clock, currentMember(request).profile.id, request.params.id),
  );

  app.post(
    "/api/notifications/read-all",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["notifications"],
        summary: "Mark every notification of the member read",
        response: { 200: ZUnreadCount, 401: ZErrorResponse },
      },
    },
    async (request) => markAllOwnRead(app.db, app.clock, currentMember(request).profile.id),
  );
}

/** Each kind's channels (e-mail, push) for the member. */
function preferenceRoutes(app: RouteApp): void {
  app.get(
    "/api/notifications/preferences",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["notifications"],
        summary: "Each kind's channels for the member (the inbox is always on)",
        response: { 200: ZNotificationPreferences, 401: ZErrorResponse },
      },
    },
    async (request) => ownPreferences(app.db, currentMember(request).profile.id),
  );

  app.put(
    "/api/notifications/preferences",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["notifications"],
        summary: "Choose e-mail and push per kind (kinds left out keep their channels)",
        body: ZUpdateNotificationPreferences,
        response: { 200: ZNotificationPreferences, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) =>
      updateOwnPreferences(app.db, currentMember(request).profile.id, request.body),
  );
}

/** The member's inbox and channel choices (ADR 059): only ever their own. */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  opts,
) => {
  pushRoutes(app, opts);
  inboxRoutes(app);
  preferenceRoutes(app);
};
