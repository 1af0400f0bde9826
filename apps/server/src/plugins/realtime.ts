import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import pg from "pg";
import type { Database } from "../db/client";

export const BALANCES_CHANNEL = "vv_balances";

export interface Realtime {
  /** Calls `listener` whenever the member's balances change on any server instance. */
  subscribe(profileId: string, listener: () => void): () => void;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * Balance changes fan out across instances through PostgreSQL LISTEN/NOTIFY: the ledger NOTIFYs
 * `vv_balances` with the member's id at commit, and every instance LISTENs on one dedicated
 * connection (PGlite's listen on the embedded database) and wakes that member's open streams.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  const listeners = new Map<string, Set<() => void>>();
  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    for (const listener of listeners.get(payload) ?? []) listener();
  };

  let stop: () => Promise<void> = async () => {};
  const { database } = opts;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(BALANCES_CHANNEL, dispatch);
    stop = async () => {
      await unlisten();
    };
  } else if (database.url) {
    const url = database.url;
    let client: pg.Client | undefined;
    let closing = false;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: url });
      c.on("notification", (msg) => dispatch(msg.payload));
      c.on("error", (error) => {
        app.log.warn({ err: error }, "LISTEN connection lost; reconnecting");
        c.end().catch(() => undefined);
        if (!closing) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      });
      await c.connect();
      await c.query(`LISTEN ${BALANCES_CHANNEL}`);
      client = c;
    };
    await connect();
    stop = async () => {
      closing = true;
      await client?.end().catch(() => undefined);
    };
  }
  app.addHook("onClose", async () => {
    await stop();
  });

  app.decorate("realtime", {
    subscribe(profileId, listener) {
      let set = listeners.get(profileId);
      if (!set) {
        set = new Set();
        listeners.set(profileId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(profileId);
      };
    },
  } satisfies Realtime);
});
