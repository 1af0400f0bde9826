import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import pg from "pg";
import type { Database } from "../db/client";

/** Balance changes from other instances (PostgreSQL NOTIFY payload or Redis message). */
export const BALANCES_CHANNEL = "vv_balances";
/** A member's session, profile or account changed (vv_member_changed, functions/accounts.sql). */
export const MEMBERS_CHANNEL = "vv_members";
/**
 * A member has a new notification (vv_notify, db/functions/notifications.sql): NOTIFY at the
 * commit of its cause, heard by every instance's LISTEN connection (PGlite: in-process).
 */
export const NOTIFICATIONS_CHANNEL = "vv_notifications";
/** Named events for open streams (a daily or annual winner, a bonus granted), across instances. */
export const ANNOUNCE_CHANNEL = "vv_announce";

/**
 * What an open stream is told besides balances: `events` (a daily or annual winner: every
 * stream), `rewards` (a bonus granted to these members), `viewRequests` (a waiting view request
 * of these members was matched), `notifications` (these members have a new notification: it
 * comes from the database on every instance, so it is never re-broadcast), `withdrawals` (a
 * withdrawal of these members changed state without moving their balance: taken, sent,
 * confirming; ADR 058).
 */
export type Announcement = "events" | "rewards" | "viewRequests" | "notifications" | "withdrawals";
const ANNOUNCEMENTS: readonly string[] = [
  "events",
  "rewards",
  "viewRequests",
  "withdrawals",
] satisfies Announcement[];

/** Batched cross-instance broadcast of balance changes: at most this often, outside any money commit. */
const FLUSH_MS = 50;
/** A NOTIFY payload stays well under PostgreSQL's 8,000 bytes. */
const MAX_IDS_PER_NOTIFY = 180;

export interface Realtime {
  /** Calls `listener` whenever the member's balances change on any server instance. */
  subscribe(profileId: string, listener: () => void): () => void;
  /** After a commit: these members' balances changed (here now, other instances within ~50 ms). */
  publish(profileIds: string[]): void;
  /**
   * Tells open streams on every instance: `members` null for every stream, else those members'.
   */
  announce(event: Announcement, members: string[] | null): void;
  /** Calls `listener` for each announcement (on this instance or another one). */
  onAnnounce(listener: (event: Announcement, members: string[] | null) => void): () => void;
  /** Calls `listener` with a Better Auth user id whose session, profile or account changed. */
  onMemberChanged(listener: (authUid: string) => void): () => void;
  /**
   * Calls `listener` when this instance may have missed member changes (its listening connection
   * dropped): caches of members must be dropped and not trusted until `connected()` again.
   */
  onReset(listener: () => void): () => void;
  /** Whether this instance currently hears every member change. */
  connected(): boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** This instance's listeners, and what it hears from the others. */
function createHub() {
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
type Hub = ReturnType<typeof createHub>;

/** How this instance reaches the others, and how it stops listening. */
interface Transport {
  broadcast(payloads: string[]): Promise<void>;
  sendAnnouncement(payload: string): Promise<void>;
  stop(): Promise<void>;
}
const SILENT: Transport = {
  broadcast: async () => {},
  sendAnnouncement: async () => {},
  stop: async () => {},
};

/** One process owns the embedded database: nothing to broadcast, member changes in-process. */
async function listenInProcess(
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
async function listenOnPostgres(
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
async function overRedis(publisher: Redis, hub: Hub, underneath: Transport): Promise<Transport> {
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

/** Balance changes gathered for FLUSH_MS, then broadcast in NOTIFY-sized batches. */
function balanceBatcher(app: FastifyInstance, instance: string, transport: Transport) {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const ids = [...pending];
    pending = new Set();
    const payloads: string[] = [];
    for (let i = 0; i < ids.length; i += MAX_IDS_PER_NOTIFY)
      payloads.push(`${instance}|${ids.slice(i, i + MAX_IDS_PER_NOTIFY).join(",")}`);
    transport
      .broadcast(payloads)
      .catch((error) => app.log.warn({ err: error }, "could not broadcast balance changes"));
  };
  return {
    add(profileIds: string[]) {
      for (const id of profileIds) pending.add(id);
      timer ??= setTimeout(flush, FLUSH_MS);
    },
    /** On close: what is still waiting goes out now. */
    flushNow() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
    },
  };
}

const subscribe = <T>(set: Set<T>, listener: T) => {
  set.add(listener);
  return () => {
    set.delete(listener);
  };
};

function realtimeOf(
  app: FastifyInstance,
  hub: Hub,
  {
    embedded,
    transport,
    batcher,
  }: {
    embedded: boolean;
    transport: Transport;
    batcher: ReturnType<typeof balanceBatcher>;
  },
): Realtime {
  return {
    subscribe(profileId, listener) {
      let set = hub.balanceListeners.get(profileId);
      if (!set) {
        set = new Set();
        hub.balanceListeners.set(profileId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) hub.balanceListeners.delete(profileId);
      };
    },
    publish(profileIds) {
      hub.dispatchBalances(profileIds);
      if (embedded) return;
      batcher.add(profileIds);
    },
    announce(event, members) {
      hub.dispatchAnnouncement(event, members);
      if (embedded) return;
      // Few and small (a winner a day, a bonus now and then): sent at once, not batched.
      const ids = members === null ? "*" : members.join(",");
      transport
        .sendAnnouncement(`${hub.instance}|${event}|${ids}`)
        .catch((error) => app.log.warn({ err: error }, "could not broadcast an announcement"));
    },
    onAnnounce: (listener) => subscribe(hub.announceListeners, listener),
    onMemberChanged: (listener) => subscribe(hub.memberListeners, listener),
    onReset: (listener) => subscribe(hub.resetListeners, listener),
    connected: () => hub.live,
  };
}

/**
 * Live updates across instances, never inside a money transaction (ADR 013). A money command
 * returns whom it touched; `publish` wakes this instance's open streams at once and sends the ids
 * to the other instances in batches — Redis PUBLISH when REDIS_URL is set, else one PostgreSQL
 * NOTIFY per batch on its own connection (a NOTIFY inside every posting serialised the commits).
 * Member changes (sign-out, revocation, suspension, profile edits) arrive through the database
 * triggers' NOTIFY on `vv_members`, so every instance forgets a cached member at once.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; redis?: Redis | undefined }) => {
    const hub = createHub();
    const { database } = opts;
    let transport = SILENT;
    if (database.pglite) {
      transport = await listenInProcess(database.pglite, hub);
    } else if (database.url && database.pool) {
      transport = await listenOnPostgres(app, hub, {
        url: database.url,
        pool: database.pool,
        withBroadcast: !opts.redis,
      });
    }
    if (opts.redis && !database.pglite) transport = await overRedis(opts.redis, hub, transport);

    const batcher = balanceBatcher(app, hub.instance, transport);
    app.addHook("onClose", async () => {
      batcher.flushNow();
      await transport.stop();
    });
    app.decorate(
      "realtime",
      realtimeOf(app, hub, { embedded: Boolean(database.pglite), transport, batcher }),
    );
  },
);
