import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Clock } from "../../lib/clock";
import { resolveVapidKeys } from "../../lib/vapid";
import { createPushSender, type PushSender } from "./push.service";

declare module "fastify" {
  interface FastifyInstance {
    /** The Web Push job (ADR 059). */
    push: PushSender;
    /** The VAPID public key browsers subscribe with. */
    vapidPublicKey: string;
  }
}

export interface PushPluginOptions {
  clock: Clock;
  publicUrl: string;
  dataDir: string;
  /** Push endpoints on private addresses allowed (tests only; refused in production). */
  allowPrivateEndpoints: boolean;
  vapidPublicKey?: string | undefined;
  vapidPrivateKey?: string | undefined;
  vapidSubject?: string | undefined;
}

/**
 * Web Push (ADR 059): the VAPID pair (configured, or generated into DATA_DIR outside production)
 * and the push job, woken whenever a notification commits on any instance (the realtime plugin's
 * announcements), stopped with the app.
 */
export const pushPlugin = fp(async (app: FastifyInstance, opts: PushPluginOptions) => {
  const vapid = resolveVapidKeys(
    { publicKey: opts.vapidPublicKey, privateKey: opts.vapidPrivateKey },
    opts.vapidSubject ??
      (opts.publicUrl.startsWith("https://") ? opts.publicUrl : "mailto:support@viewvault.local"),
    opts.dataDir,
  );
  const push = createPushSender({
    db: app.db,
    clock: opts.clock,
    log: app.log,
    vapid,
    allowPrivate: opts.allowPrivateEndpoints,
  });
  app.decorate("push", push);
  app.decorate("vapidPublicKey", vapid.publicKey);
  app.realtime.onAnnounce((event) => {
    if (event === "notifications") push.nudge();
  });
  app.addHook("onClose", async () => {
    await push.stop();
  });
});
