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
    const instance = randomUUID().slice(0, 8);
    const balanceListeners = new Map<string, Set<() => void>>();
    const memberListeners = new Set<(authUid: string) => void>();
    const resetListeners = new Set<() => void>();
    const announceListeners = new Set<(event: Announcement, members: string[] | null) => void>();
    let live = false;

    const dispatchBalances = (ids: Iterable<string>) => {
      for (const id of ids) for (const listener of balanceListeners.get(id) ?? []) listener();
    };
    const dispatchMember = (authUid: string | undefined) => {
      if (authUid) for (const listener of memberListeners) listener(authUid);
    };
    const reset = () => {
      for (const listener of resetListeners) listener();
    };
    /** "<instance>|id,id,…" from another instance. */
    const receiveBalances = (payload: string | undefined) => {
      if (!payload) return;
      const [from, ids = ""] = payload.split("|");
      if (from !== instance) dispatchBalances(ids.split(",").filter(Boolean));
    };

    const dispatchAnnouncement = (event: Announcement, members: string[] | null) => {
      for (const listener of announceListeners) listener(event, members);
    };
    /** "<instance>|<event>|id,id,…" (or "*" for every stream) from another instance. */
    const receiveAnnouncement = (payload: string | undefined) => {
      if (!payload) return;
      const [from, event = "", ids = ""] = payload.split("|");
      if (from === instance || !ANNOUNCEMENTS.includes(event)) return;
      dispatchAnnouncement(
        event as Announcement,
        ids === "*" ? null : ids.split(",").filter(Boolean),
      );
    };
    const dispatchNotification = (memberId: string | undefined) => {
      if (memberId) dispatchAnnouncement("notifications", [memberId]);
    };
    let sendAnnouncement: (payload: string) => Promise<void> = async () => {};

    let pending = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    let broadcast: (payloads: string[]) => Promise<void> = async () => {};
    const flush = () => {
      timer = undefined;
      const ids = [...pending];
      pending = new Set();
      const payloads: string[] = [];
      for (let i = 0; i < ids.length; i += MAX_IDS_PER_NOTIFY)
        payloads.push(`${instance}|${ids.slice(i, i + MAX_IDS_PER_NOTIFY).join(",")}`);
      broadcast(payloads).catch((error) =>
        app.log.warn({ err: error }, "could not broadcast balance changes"),
      );
    };

    const { database } = opts;
    let stop: () => Promise<void> = async () => {};
    if (database.pglite) {
      // One process owns the embedded database: nothing to broadcast, member changes in-process.
      const unlisten = await database.pglite.listen(MEMBERS_CHANNEL, dispatchMember);
      const unlistenNotifications = await database.pglite.listen(
        NOTIFICATIONS_CHANNEL,
        dispatchNotification,
      );
      live = true;
      stop = async () => {
        await unlisten();
        await unlistenNotifications();
      };
    } else if (database.url && database.pool) {
      const url = database.url;
      const pool = database.pool;
      let client: pg.Client | undefined;
      let closing = false;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on("notification", (msg) => {
          if (msg.channel === MEMBERS_CHANNEL) dispatchMember(msg.payload);
          else if (msg.channel === NOTIFICATIONS_CHANNEL) dispatchNotification(msg.payload);
          else if (msg.channel === ANNOUNCE_CHANNEL) receiveAnnouncement(msg.payload);
          else receiveBalances(msg.payload);
        });
        let lost = false;
        // An error, or an end without one (the server went away): either way, once, and only for
        // the connection in use (a failed connect is retried by `retry`).
        const onLost = (error?: Error) => {
          if (lost || closing || client !== c) return;
          lost = true;
          app.log.warn({ err: error }, "LISTEN connection lost; reconnecting");
          live = false;
          reset();
          c.end().catch(() => undefined);
          setTimeout(() => void retry(), 1000).unref();
        };
        c.on("error", onLost);
        c.on("end", () => onLost());
        await c.connect();
        await c.query(`LISTEN ${MEMBERS_CHANNEL}`);
        await c.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
        if (!opts.redis) {
          await c.query(`LISTEN ${BALANCES_CHANNEL}`);
          await c.query(`LISTEN ${ANNOUNCE_CHANNEL}`);
        }
        client = c;
        // Whatever changed while nobody listened is forgotten before caches are trusted again.
        reset();
        live = true;
      };
      const retry = async () => {
        try {
          await connect();
        } catch {
          if (!closing) setTimeout(() => void retry(), 1000).unref();
        }
      };
      await connect();
      if (!opts.redis) {
        broadcast = async (payloads) => {
          for (const payload of payloads)
            await pool.query("select pg_notify($1, $2)", [BALANCES_CHANNEL, payload]);
        };
        sendAnnouncement = async (payload) => {
          await pool.query("select pg_notify($1, $2)", [ANNOUNCE_CHANNEL, payload]);
        };
      }
      stop = async () => {
        closing = true;
        await client?.end().catch(() => undefined);
      };
    }

    if (opts.redis && !database.pglite) {
      const publisher = opts.redis;
      const subscriber = publisher.duplicate();
      await subscriber.subscribe(BALANCES_CHANNEL, ANNOUNCE_CHANNEL);
      subscriber.on("message", (channel: string, message: string) => {
        if (channel === ANNOUNCE_CHANNEL) receiveAnnouncement(message);
        else receiveBalances(message);
      });
      sendAnnouncement = async (payload) => {
        await publisher.publish(ANNOUNCE_CHANNEL, payload);
      };
      broadcast = async (payloads) => {
        for (const payload of payloads) await publisher.publish(BALANCES_CHANNEL, payload);
      };
      const previous = stop;
      stop = async () => {
        await previous();
        await subscriber.quit().catch(() => undefined);
      };
    }

    app.addHook("onClose", async () => {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      await stop();
    });

    const subscribe = <T>(set: Set<T>, listener: T) => {
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    };

    app.decorate("realtime", {
      subscribe(profileId, listener) {
        let set = balanceListeners.get(profileId);
        if (!set) {
          set = new Set();
          balanceListeners.set(profileId, set);
        }
        set.add(listener);
        return () => {
          set.delete(listener);
          if (set.size === 0) balanceListeners.delete(profileId);
        };
      },
      publish(profileIds) {
        dispatchBalances(profileIds);
        if (database.pglite) return;
        for (const id of profileIds) pending.add(id);
        timer ??= setTimeout(flush, FLUSH_MS);
      },
      announce(event, members) {
        dispatchAnnouncement(event, members);
        if (database.pglite) return;
        // Few and small (a winner a day, a bonus now and then): sent at once, not batched.
        const ids = members === null ? "*" : members.join(",");
        sendAnnouncement(`${instance}|${event}|${ids}`).catch((error) =>
          app.log.warn({ err: error }, "could not broadcast an announcement"),
        );
      },
      onAnnounce: (listener) => subscribe(announceListeners, listener),
      onMemberChanged: (listener) => subscribe(memberListeners, listener),
      onReset: (listener) => subscribe(resetListeners, listener),
      connected: () => live,
    } satisfies Realtime);
  },
);
