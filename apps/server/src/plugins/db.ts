import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, Db } from "../db/client";
import type { Clock } from "../lib/clock";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    /**
     * For reads that may be a few seconds old — feed pages, ranking, marketplace listings,
     * transparency, public profiles (ADR 032/049): a streaming replica when DATABASE_REPLICA_URL
     * is set and the replica is close behind, the primary otherwise. Never for anything that
     * decides money, nor for a member's own just-written lists.
     */
    readDb: Db;
    database: Database;
    clock: Clock;
  }
}

/** Makes the database and the clock reachable from every route; the owner of `database` closes it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; clock: Clock }) => {
    app.decorate("database", opts.database);
    app.decorate("db", opts.database.db);
    app.decorate("readDb", opts.database.readDb ?? opts.database.db);
    app.decorate("clock", opts.clock);
  },
);
