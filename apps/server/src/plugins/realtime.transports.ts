import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import pg from "pg";
import type { Database } from "../db/client";
import {
  ANNOUNCE_CHANNEL,
  ANNOUNCEMENTS,
  type Announcement,
  BALANCES_CHANNEL,
  MEMBERS_CHANNEL,
  NOTIFICATIONS_CHANNEL,
} from "./realtime.channels";

/*
 * The hub of this instance's listeners, and the transports that carry what the instances tell
 * each other: in-process (the embedded database), PostgreSQL LISTEN/NOTIFY, Redis PUBLISH.
 */

/** This instance's listeners, and what it hears from the others. */
export function createHub() {
  const instance = randomUUID().slice(0, 8);
  const balanceListeners = new Map<string, Set<() => void>>();
  const memberListeners = new Set<(authUid: string) => void>();
  const resetListeners = new Set<() => void>();
  const announceListeners = new Set<(event: Announcement, members: string[] | null) => void>();

  const dispatchBalances = (ids: Iterable<string>) => {
    for (const id of ids) for (const listener of balanceListeners.get(id) ?? []) listener();
  };
  const dispatchAnnouncement = (event: Announcement, members: string[] | null) => {
    for (const listener of announceListeners) listener(event, members);
  };
  return {
    instance,
    balanceListeners,
    memberListeners,
    resetListeners,
    announceListeners,
    live: false,
    dispatchBalances,
    dispatchAnnouncement,
    dispatchMember: (authUid: string | undefined) => {
      if (authUid) for (const listener of memberListeners) listener(authUid);
    },
    dispatchNotification: (memberId: string | undefined) => {
      if (memberId) dispatchAnnouncement("notifications", [memberId]);
    },
    reset: () => {
      for (const listener of resetListeners) listener();
    },
    /** "<instance>|id,id,…" from another instance. */
    receiveBalances: (payload: string | undefined) => {
      if (!payload) return;
      const [from, ids = ""] = payload.split("|");
      if (from !== instance) dispatchBalances(ids.split(",").filter(Boolean));
    },
    /** "<instance>|<event>|id,id,…" (or "*" for every stream) from another instance. */
    receiveAnnouncement: (payload: string | undefined) => {
      if (!payload) return;
      const [from, event = "", ids = ""] = payload.split("|");
      if (from === instance || !ANNOUNCEMENTS.includes(event)) return;
      dispatchAnnouncement(
        event as Announcement,
        ids === "*" ? null : ids.split(",").filter(Boolean),
      );
    },
  };
}
export type Hub = ReturnType<typeof createHub>;

/** How this instance reaches the others, and how it stops listening. */
export interface Transport {
  broadcast(payloads: string[]): Promise<void>;
  sendAnnouncement(payload: string): Promise<void>;
  stop(): Promise<void>;
}
export const SILENT: Transport = {
  broadcast: async () => {},
  sendAnnouncement: async () => {},
  stop: async () => {},
};

/** One process owns the embedded database: nothing to broadcast, member changes in-process. */
export async function listenInProcess(
  pglite: NonNullable<Database["pglite"]>,
  hub: Hub,
): Promise<Transport> {
  const unlisten = await pglite.listen(MEMBERS_CHANNEL, hub.dispatchMember);
  const unlistenNotifications = await pglite.listen(
    NOTIFICATIONS_CHANNEL,
    hub.dispatchNotification,
  );
  hub.live = true;
  return {
    ...SILENT,
    stop: async () => {
      await unlisten();
      await unlistenNotifications();
    },
  };
}

/**
 * A LISTEN connection of its own, reconnected when lost. Without Redis it also carries balances
 * and announcements, sent with pg_notify on the pool.
 */
export async function listenOnPostgres(
  app: FastifyInstance,
  hub: Hub,
  { url, pool, withBroadcast }: { url: string; pool: pg.Pool; withBroadcast: boolean },
): Promise<Transport> {
  let client: pg.Client | undefined;
  let closing = false;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (msg) => {
      if (msg.channel === MEMBERS_CHANNEL) hub.dispatchMember(msg.payload);
      else if (msg.channel === NOTIFICATIONS_CHANNEL) hub.dispatchNotification(msg.payload);
      else if (msg.channel === ANNOUNCE_CHANNEL) hub.receiveAnnouncement(msg.payload);
      else hub.receiveBalances(msg.payload);
    });
    let lost = false;
    // An error, or an end without one (the server went away): either way, once, and only for
    // the connection in use (a failed connect is retried by `retry`).
    const onLost = (error?: Error) => {
      if (lost || closing || client !== c) return;
      lost = true;
      app.log.warn({ err: error }, "LISTEN connection lost; reconnecting");
      hub.live = false;
      hub.reset();
      c.end().catch(() => undefined);
      setTimeout(() => void retry(), 1000).unref();
    };
    c.on("error", onLost);
    c.on("end", () => onLost());
    await c.connect();
    await c.query(`LISTEN ${MEMBERS_CHANNEL}`);
    await c.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
    if (withBroadcast) {
      await c.query(`LISTEN ${BALANCES_CHANNEL}`);
      await c.query(`LISTEN ${ANNOUNCE_CHANNEL}`);
    }
    client = c;
    // Whatever changed while nobody listened is forgotten before caches are trusted again.
    hub.reset();
    hub.live = true;
  };
  const retry = async () => {
    try {
      await connect();
    } catch {
      if (!closing) setTimeout(() => void retry(), 1000).unref();
    }
  };
  await connect();
  const stop = async () => {
    closing = true;
    await client?.end().catch(() => undefined);
  };
  if (!withBroadcast) return { ...SILENT, stop };
  return {
    broadcast: async (payloads) => {
      for (const payload of payloads)
        await pool.query("select pg_notify($1, $2)", [BALANCES_CHANNEL, payload]);
    },
    sendAnnouncement: async (payload) => {
      await pool.query("select pg_notify($1, $2)", [ANNOUNCE_CHANNEL, payload]);
    },
    stop,
  };
}

/** Balances and announcements over Redis PUBLISH; `underneath` still hears member changes. */
export async function overRedis(
  publisher: Redis,
  hub: Hub,
  underneath: Transport,
): Promise<Transport> {
  const subscriber = publisher.duplicate();
  await subscriber.subscribe(BALANCES_CHANNEL, ANNOUNCE_CHANNEL);
  subscriber.on("message", (channel: string, message: string) => {
    if (channel === ANNOUNCE_CHANNEL) hub.receiveAnnouncement(message);
    else hub.receiveBalances(message);
  });
  return {
    sendAnnouncement: async (payload) => {
      await publisher.publish(ANNOUNCE_CHANNEL, payload);
    },
    broadcast: async (payloads) => {
      for (const payload of payloads) await publisher.publish(BALANCES_CHANNEL, payload);
    },
    stop: async () => {
      await underneath.stop();
      await subscriber.quit().catch(() => undefined);
    },
  };
}
