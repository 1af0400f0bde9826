import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import type { Network } from "@viewvault/shared";
import Fastify, { type FastifyInstance } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { Env, TrustProxy } from "./config/env";
import type { Database } from "./db/client";
import { type Clock, systemClock } from "./lib/clock";
import { resolveAuthSecret } from "./lib/secret";
import { resolveVapidKeys } from "./lib/vapid";
import { activityRoutes } from "./modules/activity/activity.routes";
import { adminRoutes } from "./modules/admin/admin.routes";
import { createAuth } from "./modules/auth/auth";
import { createSessionCache, profileOfUser } from "./modules/auth/session.service";
import { balancesRoutes } from "./modules/balances/balances.routes";
import { boxRoutes } from "./modules/box/box.routes";
import type { Chains } from "./modules/chain/chain.types";
import { createChains } from "./modules/chain/create-chains";
import { cancelAccountDeletion } from "./modules/data-rights/account-deletion.service";
import { dataRightsRoutes } from "./modules/data-rights/data-rights.routes";
import { documentsRoutes } from "./modules/documents/documents.routes";
import { enforcementRoutes } from "./modules/enforcement/enforcement.routes";
import { eventsRoutes } from "./modules/events/events.routes";
import { fraudRoutes } from "./modules/fraud/fraud.routes";
import { healthRoutes } from "./modules/health/health.routes";
import type { Money } from "./modules/ledger/money-command";
import { outboxBacklog } from "./modules/mail/mail.repository";
import { createMailer, type Mailer } from "./modules/mail/mail.service";
import { mailboxRoutes } from "./modules/mail/mailbox.routes";
import { marketplaceRoutes } from "./modules/marketplace/marketplace.routes";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import {
  createPushSender,
  type PushSender,
  pushBacklog,
} from "./modules/notifications/push.service";
import { type Payouts, payoutBacklog } from "./modules/payouts/payouts.service";
import { databaseStore } from "./modules/platform/rate-limit.service";
import { presenceRoutes, presenceStore } from "./modules/presence/presence.routes";
import type { PresenceStore } from "./modules/presence/presence.store";
import { profilesRoutes } from "./modules/profiles/profiles.routes";
import { findPublicProfile } from "./modules/profiles/profiles.service";
import { rankingRoutes } from "./modules/ranking/ranking.routes";
import { referralsRoutes } from "./modules/referrals/referrals.routes";
import { grantSignupRewardsFor } from "./modules/referrals/referrals.service";
import { rewardsRoutes } from "./modules/rewards/rewards.routes";
import { deviceKeyFrom } from "./modules/risk/signals";
import { configRoutes } from "./modules/site-config/config.routes";
import { offsetClock, testClockRoutes } from "./modules/site-config/test-clock";
import { supportRoutes } from "./modules/support/support.routes";
import { supportDeskRoutes } from "./modules/support/support-desk.routes";
import { swapRoutes } from "./modules/swap/swap.routes";
import { transfersRoutes } from "./modules/transfers/transfers.routes";
import { transparencyRoutes } from "./modules/transparency/transparency.routes";
import { verificationRoutes } from "./modules/verification/verification.routes";
import { createOembedClient } from "./modules/videos/oembed";
import { videosRoutes } from "./modules/videos/videos.routes";
import { viewRequestsRoutes } from "./modules/view-requests/view-requests.routes";
import { watchRoutes } from "./modules/watch/watch.routes";
import { captchaConfigOf, captchaOrigins } from "./modules/watch/watch-captcha";
import { withdrawalsRoutes } from "./modules/withdrawals/withdrawals.routes";
import { authPlugin } from "./plugins/auth";
import { dbPlugin } from "./plugins/db";
import { errorHandlerPlugin } from "./plugins/error-handler";
import { inputGuardPlugin } from "./plugins/input-guard";
import { lifecyclePlugin } from "./plugins/lifecycle";
import { metricsPlugin } from "./plugins/metrics";
import { moneyAuditPlugin } from "./plugins/money-audit";
import { openapiPlugin } from "./plugins/openapi";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { realtimePlugin } from "./plugins/realtime";
import { securityPlugin } from "./plugins/security";
import { inlineScriptHashes, readIndexHtml, webPlugin } from "./plugins/web";

export interface AppDeps {
  env: Env;
  database: Database;
  clock?: Clock;
  /** Set false in tests that do not want pino output. */
  logger?: boolean;
  /** Where pino writes (tests read the log lines); stdout by default. */
  logStream?: { write(line: string): void };
  /** Defaults to the outbox mailer (SMTP when SMTP_URL is set). */
  mailer?: Mailer;
  /** The presence sorted set's Redis key (tests use their own prefix). */
  presenceKey?: string;
  /** The networks' chain clients (ADR 057/058); a network without one stays manual. */
  chains?: Chains;
  /** Each network's daily hot-wallet outflow cap in micro-USDT (absent: no sending). */
  payoutCaps?: Partial<Record<Network, bigint>>;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
    /** The database and what follows a money command's commit (modules/ledger/money-command). */
    money: Money;
    /** The address members use (links in e-mails). */
    publicUrl: string;
    /** The support inbox (SUPPORT_EMAIL), told of every withdrawal request. */
    supportEmail: string | null;
    /** The Web Push job (ADR 059). */
    push: PushSender;
    /** The VAPID public key browsers subscribe with. */
    vapidPublicKey: string;
    /** The chain clients and hot-wallet caps of the payout flow (ADR 058). */
    payouts: Payouts;
  }
}

/**
 * The payout flow's chain clients (ADR 057/058): the given ones (tests), else one per network
 * configured in the environment (CHAIN_<NET>_RPC_URL …); the hot wallets' daily caps likewise.
 */
function payoutsOf(deps: AppDeps): Payouts {
  const config = deps.env.chains;
  const caps: Payouts["caps"] = {};
  for (const network of ["ERC20", "BEP20"] as const) {
    const cap = config[network]?.dailyCapMicroUsdt;
    if (cap !== undefined && cap !== null) caps[network] = cap;
  }
  return {
    chains: deps.chains ?? createChains(config),
    caps: deps.payoutCaps ?? caps,
    ...(deps.env.NODE_ENV === "test" && deps.env.PAYOUT_CRASH_DRILL
      ? { crashDrill: deps.env.PAYOUT_CRASH_DRILL }
      : {}),
  };
}

/** Where the built web app is: WEB_DIST, else apps/web/dist relative to this package. */
function webDistDir(env: Env): string {
  if (env.WEB_DIST) return path.resolve(env.WEB_DIST);
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/app.ts and dist/server.js both sit one level below apps/server.
  return path.resolve(here, "../../web/dist");
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes "the first n hops from the socket",
 * so request.ip is the entry the outermost trusted proxy appended (Fastify itself now trusts
 * nothing for a bare number); a list of proxy addresses/CIDRs is passed as it is.
 */
export function trustProxyOption(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === "number") {
    const hops = value;
    return hops > 0 ? (_address, hop) => hop < hops : false;
  }
  return value;
}

/** Registers external plugins, then app plugins, then the domain modules. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const app = createFastify(deps);

  const distDir = webDistDir(env);
  const indexHtml = readIndexHtml(distDir);

  await registerEdgePlugins(app, deps, indexHtml);
  // End-to-end tests may move the server clock (NODE_ENV=test and E2E_CLOCK=1 only).
  const e2eClock =
    !deps.clock && env.E2E_CLOCK && env.NODE_ENV === "test" ? offsetClock() : undefined;
  await app.register(dbPlugin, {
    database: deps.database,
    clock: deps.clock ?? e2eClock ?? systemClock,
  });
  // Redis (REDIS_URL) carries live updates between instances, and rate limits when asked to.
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  if (redis) {
    app.addHook("onClose", async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimitPlugin, {
    store: databaseStore(deps.database.db) as never,
    redis: env.RATE_LIMIT_STORE === "redis" ? redis : undefined,
    defaultMax: env.RATE_LIMIT_MAX,
  });
  await app.register(openapiPlugin, { publicUrl: env.PUBLIC_URL });

  const mailer =
    deps.mailer ??
    createMailer({
      db: deps.database.db,
      clock: deps.clock ?? systemClock,
      log: app.log,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      publicUrl: env.PUBLIC_URL,
    });
  app.decorate("mailer", mailer);
  app.decorate("publicUrl", env.PUBLIC_URL);
  app.decorate("supportEmail", env.SUPPORT_EMAIL ?? null);
  app.decorate("payouts", payoutsOf(deps));
  app.addHook("onClose", async () => {
    await mailer.stop();
  });
  const authSecret = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  app.decorate("deviceKey", deviceKeyFrom(authSecret));
  const auth = createAuth({
    env,
    db: deps.database.db,
    secret: authSecret,
    mailer,
    clock: deps.clock ?? systemClock,
    redis: env.RATE_LIMIT_STORE === "redis" ? redis : undefined,
    cancelAccountDeletion: (authUid) =>
      cancelAccountDeletion(deps.database.db, deps.clock ?? systemClock, authUid),
    // Referral rewards once an invited member confirms; a sweep catches any that a crash interrupted.
    onEmailVerified: (authUid) => {
      grantSignupRewardsFor(deps.database.db, authUid)
        .then((touched) => app.money.afterCommit(touched))
        .catch((error) =>
          app.log.error({ err: error, authUid }, "referral rewards failed; the sweep will retry"),
        );
    },
  });
  await app.register(realtimePlugin, { database: deps.database, redis });
  // Web Push (ADR 059): the VAPID pair (configured, or generated into DATA_DIR outside
  // production) and the push job, woken whenever a notification commits on any instance.
  const vapid = resolveVapidKeys(
    { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY },
    env.VAPID_SUBJECT ??
      (env.PUBLIC_URL.startsWith("https://") ? env.PUBLIC_URL : "mailto:support@viewvault.local"),
    env.DATA_DIR,
  );
  const push = createPushSender({
    db: deps.database.db,
    clock: deps.clock ?? systemClock,
    log: app.log,
    vapid,
  });
  app.decorate("push", push);
  app.decorate("vapidPublicKey", vapid.publicKey);
  app.realtime.onAnnounce((event) => {
    if (event === "notifications") push.nudge();
  });
  app.addHook("onClose", async () => {
    await push.stop();
  });
  app.decorate("money", {
    db: deps.database.db,
    afterCommit(profileIds) {
      if (profileIds.length === 0) return;
      app.realtime.publish(profileIds);
      mailer.nudge();
      // Pushes of the notifications the command wrote (transfers, sales: no NOTIFY, ADR 059).
      app.push.nudge();
    },
    posted: (kind) => app.metrics.ledgerPosted(kind),
  } satisfies Money);
  app.decorate("auth", auth);
  await app.register(authPlugin, {
    auth,
    publicUrl: env.PUBLIC_URL,
    secret: authSecret,
    sessions: createSessionCache(app.db, app.clock, app.realtime),
    profileOfUser: (authUid) => profileOfUser(app.db, authUid),
  });

  // Domain modules.
  const presence = presenceStore(redis, deps.presenceKey);
  await registerModules(app, env, { authSecret, presence, e2eClock });

  // The web app last: its catch-all must not shadow /api routes.
  await app.register(webPlugin, {
    distDir,
    ...(indexHtml ? { indexHtml } : {}),
    usernameExists: async (username) => (await findPublicProfile(app.db, username)) !== undefined,
  });

  return app;
}

/** The domain modules' routes, in the OpenAPI document's order. */
async function registerModules(
  app: FastifyInstance,
  env: AppDeps["env"],
  opts: {
    authSecret: string;
    presence: PresenceStore;
    e2eClock: ReturnType<typeof offsetClock> | undefined;
  },
): Promise<void> {
  const { authSecret, presence, e2eClock } = opts;
  const captcha = captchaConfigOf(env);
  await app.register(healthRoutes);
  await app.register(documentsRoutes);
  await app.register(profilesRoutes, { authSecret });
  await app.register(adminRoutes, { authSecret, presence });
  await app.register(balancesRoutes);
  await app.register(activityRoutes);
  await app.register(referralsRoutes);
  await app.register(swapRoutes);
  await app.register(transfersRoutes);
  await app.register(marketplaceRoutes);
  await app.register(rankingRoutes);
  await app.register(transparencyRoutes);
  await app.register(dataRightsRoutes, { authSecret });
  await app.register(configRoutes, {
    adNetworkTag: env.AD_NETWORK_TAG,
    youtubeIframeApiUrl: env.YOUTUBE_IFRAME_API_URL,
  });
  await app.register(videosRoutes, {
    oembed: createOembedClient({ url: env.OEMBED_URL, timeoutMs: env.OEMBED_TIMEOUT_MS }),
  });
  await app.register(watchRoutes, {
    authSecret,
    publicUrl: env.PUBLIC_URL,
    ...(captcha ? { captcha } : {}),
  });
  await app.register(viewRequestsRoutes);
  await app.register(boxRoutes);
  await app.register(verificationRoutes);
  await app.register(eventsRoutes);
  await app.register(rewardsRoutes);
  await app.register(presenceRoutes, { store: presence });
  await app.register(withdrawalsRoutes, { authSecret });
  await app.register(supportRoutes);
  await app.register(supportDeskRoutes);
  await app.register(fraudRoutes);
  await app.register(enforcementRoutes);
  await app.register(notificationsRoutes, {
    vapidPublicKey: app.vapidPublicKey,
    allowPrivateEndpoints: env.PUSH_ALLOW_PRIVATE_ENDPOINTS,
  });
  if (e2eClock) await app.register(testClockRoutes, { clock: e2eClock });
  if (env.devMailbox) await app.register(mailboxRoutes);
}

/** Fastify with our logger (secrets redacted), request ids, proxy trust and zod schemas. */
function createFastify(deps: AppDeps) {
  const { env } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            redact: [
              "req.headers.cookie",
              "req.headers.authorization",
              'res.headers["set-cookie"]',
            ],
          },
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The response's x-request-id is set with the security headers (plugins/security.ts).
  return app;
}

/** Compression, security headers, errors, metrics, the money audit line, lifecycle, input guard. */
async function registerEdgePlugins(
  app: FastifyInstance,
  deps: AppDeps,
  indexHtml: string | undefined,
): Promise<void> {
  const { env } = deps;
  const captcha = captchaConfigOf(env);
  // External plugins. Compression is for what a GET serves (pages, assets, lists): a command's
  // answer (POST, PUT, PATCH, DELETE) is a small JSON object, and the hook cost every money
  // request its share of CPU for nothing (ADR 039). A route may still choose with `compress`.
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.compress === undefined && !methods.some((m) => m === "GET" || m === "HEAD"))
      route.compress = false;
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(securityPlugin, {
    allowedOrigins: [env.PUBLIC_URL, ...env.TRUSTED_ORIGINS],
    inlineScriptHashes: indexHtml ? inlineScriptHashes(indexHtml) : [],
    https: env.PUBLIC_URL.startsWith("https://"),
    development: env.NODE_ENV !== "production",
    youtubeIframeApiOrigin: new URL(env.YOUTUBE_IFRAME_API_URL).origin,
    ...(captcha ? { captchaOrigins: captchaOrigins(captcha) } : {}),
    ...(env.AD_NETWORK_TAG ? { adNetworkOrigin: new URL(env.AD_NETWORK_TAG).origin } : {}),
  });
  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, {
    database: deps.database,
    token: env.METRICS_TOKEN,
    outboxBacklog: () => outboxBacklog(deps.database.db),
    pushBacklog: () => pushBacklog(deps.database.db),
    payoutBacklog: () => payoutBacklog(deps.database.db),
  });
  await app.register(moneyAuditPlugin);
  await app.register(lifecyclePlugin);
  await app.register(inputGuardPlugin);
}
