import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { authPlugin } from "../../plugins/auth";
import { type AuthDeps, createAuth } from "./auth";
import { createSessionCache, profileOfUser } from "./session.service";

/** Better Auth's dependencies that are not the app's (the database and mailer come from it). */
export type AccountsPluginOptions = Omit<AuthDeps, "db" | "mailer">;

/**
 * Accounts: Better Auth built from the app's database and mailer (decorated as `app.auth`), and
 * the auth plugin's guards over it, with the session cache and profile look-up of this module.
 * Registered after the database, mail and realtime plugins.
 */
export const accountsPlugin = fp(async (app: FastifyInstance, opts: AccountsPluginOptions) => {
  const auth = createAuth({
    ...opts,
    db: app.db,
    mailer: app.mailer,
    sessionEnded: (authUid) => app.realtime.memberChanged(authUid),
  });
  app.decorate("auth", auth);
  await app.register(authPlugin, {
    auth,
    publicUrl: opts.env.PUBLIC_URL,
    secret: opts.secret,
    sessions: createSessionCache(app.db, app.clock, app.realtime),
    profileOfUser: (authUid) => profileOfUser(app.db, authUid),
  });
});
