import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { Database } from "../db/client";
import type { Announcement } from "./realtime.channels";
import {
  createHub,
  type Hub,
  listenInProcess,
  listenOnPostgres,
  overRedis,
  SILENT,
  type Transport,
} from "./realtime.transports";

export { ANNOUNCE_CHANNEL, type Announcement } from "./realtime.channels";

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
  /**
   * This instance changed the member (Better Auth user id): its own listeners hear it now. Every
   * instance, this one included, hears it again from the database triggers' NOTIFY.
   */
  memberChanged(authUid: string): void;
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
    memberChanged: (authUid) => hub.dispatchMember(authUid),
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
