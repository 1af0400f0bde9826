import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, Db } from "../db/client";
import type { Clock } from "../lib/clock";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
    clock: Clock;
  }
}

/** Makes the database and the clock reachable from every route; the owner of `database` closes it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; clock: Clock }) => {
    app.decorate("database", opts.database);
    app.decorate("db", opts.database.db);
    app.decorate("clock", opts.clock);
  },
);
