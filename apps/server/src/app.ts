import path from "node:path";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import type { Network } from "@viewvault/shared";
import type { FastifyInstance } from "fastify";
import { type Env, passkeyRpId } from "./config/env";
import type { Database } from "./db/client";
import { createFastify } from "./fastify";
import { type Clock, systemClock } from "./lib/clock";
import { resolveAuthSecret } from "./lib/secret";
import { activityRoutes } from "./modules/activity/activity.routes";
import { adminRoutes } from "./modules/admin/admin.routes";
import { accountsPlugin } from "./modules/auth/auth.plugin";
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
import { passkeyStepUpRoutes } from "./modules/identity/passkey-step-up.routes";
import { moneyPlugin } from "./modules/ledger/money.plugin";
import { mailPlugin } from "./modules/mail/mail.plugin";
import { outboxBacklog } from "./modules/mail/mail.repository";
import type { Mailer } from "./modules/mail/mail.service";
import { mailboxRoutes } from "./modules/mail/mailbox.routes";
import { marketplaceRoutes } from "./modules/marketplace/marketplace.routes";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { pushPlugin } from "./modules/notifications/push.plugin";
import { pushBacklog } from "./modules/notifications/push.service";
import { type Payouts, payoutBacklog } from "./modules/payouts/payouts.service";
import { databaseStore } from "./modules/platform/rate-limit.service";
import { presenceRoutes, presenceStore } from "./modules/presence/presence.routes";
import { profilesRoutes } from "./modules/profiles/profiles.routes";
import { findPublicProfile } from "./modules/profiles/profiles.service";
import { rankingRoutes } from "./modules/ranking/ranking.routes";
import { referralsRoutes } from "./modules/referrals/referrals.routes";
import { grantSignupRewardsFor } from "./modules/referrals/referrals.service";
import { reservesOptions, reservesRoutes } from "./modules/reserves/reserves.routes";
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
import { webVitalsRoutes } from "./modules/web-vitals/web-vitals.routes";
import { withdrawalsRoutes } from "./modules/withdrawals/withdrawals.routes";
import { dbPlugin } from "./plugins/db";
import { errorHandlerPlugin } from "./plugins/error-handler";
import { inputGuardPlugin } from "./plugins/input-guard";
import { lifecyclePlugin } from "./plugins/lifecycle";
import { metricsPlugin } from "./plugins/metrics";
import { moneyAuditPlugin } from "./plugins/money-audit";
import { openapiPlugin } from "./plugins/openapi";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { realtimePlugin } from "./plugins/realtime";
import { redisPlugin } from "./plugins/redis";
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
 * The app: external plugins, then the app's own plugins (each builds what it decorates), then the
 * domain modules' routes, and the web app last (its catch-all must not shadow /api routes).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const app = createFastify(deps);
  const distDir = webDistDir(env);
  const indexHtml = readIndexHtml(distDir);
  // End-to-end tests may move the routes' clock (NODE_ENV=test and E2E_CLOCK=1 only); the
  // outboxes and Better Auth keep the real one.
  const e2eClock =
    !deps.clock && env.E2E_CLOCK && env.NODE_ENV === "test" ? offsetClock() : undefined;
  const clock = deps.clock ?? systemClock;
  const authSecret = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  const redisRateLimits = env.RATE_LIMIT_STORE === "redis";

  // External plugins and the edge: compression, security headers, errors, metrics, lifecycle.
  await registerEdgePlugins(app, deps, indexHtml);

  // The app's plugins.
  await app.register(dbPlugin, { database: deps.database, clock: deps.clock ?? e2eClock ?? clock });
  await app.register(redisPlugin, { url: env.REDIS_URL });
  await app.register(rateLimitPlugin, {
    store: databaseStore(deps.database.db) as never,
    redis: redisRateLimits ? app.redis : undefined,
    defaultMax: env.RATE_LIMIT_MAX,
  });
  await app.register(openapiPlugin, { publicUrl: env.PUBLIC_URL });
  await app.register(mailPlugin, {
    clock,
    publicUrl: env.PUBLIC_URL,
    from: env.MAIL_FROM,
    smtpUrl: env.SMTP_URL,
    supportEmail: env.SUPPORT_EMAIL,
    mailer: deps.mailer,
  });
  app.decorate("payouts", payoutsOf(deps));
  app.decorate("deviceKey", deviceKeyFrom(authSecret));
  await app.register(realtimePlugin, { database: deps.database, redis: app.redis });
  await app.register(pushPlugin, {
    clock,
    publicUrl: env.PUBLIC_URL,
    allowPrivateEndpoints: env.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    dataDir: env.DATA_DIR,
    vapidPublicKey: env.VAPID_PUBLIC_KEY,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY,
    vapidSubject: env.VAPID_SUBJECT,
  });
  await app.register(moneyPlugin);
  await app.register(accountsPlugin, {
    env,
    secret: authSecret,
    clock,
    redis: redisRateLimits ? app.redis : undefined,
    // Modules that build on auth, handed in so that auth imports neither (docs/patterns.md).
    cancelAccountDeletion: (authUid) => cancelAccountDeletion(app.db, clock, authUid),
    // Referral rewards once an invited member confirms; a sweep catches any a crash interrupted.
    onEmailVerified: (authUid) => {
      grantSignupRewardsFor(app.db, authUid)
        .then((touched) => app.money.afterCommit(touched))
        .catch((error) =>
          app.log.error({ err: error, authUid }, "referral rewards failed; the sweep will retry"),
        );
    },
  });

  // The domain modules' routes.
  await registerModules(app, env, { authSecret, presenceKey: deps.presenceKey, e2eClock });

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
    presenceKey: string | undefined;
    e2eClock: ReturnType<typeof offsetClock> | undefined;
  },
): Promise<void> {
  const { authSecret, e2eClock } = opts;
  const presence = presenceStore(app.redis, opts.presenceKey);
  const captcha = captchaConfigOf(env);
  await app.register(healthRoutes);
  await app.register(webVitalsRoutes);
  await app.register(documentsRoutes);
  await app.register(profilesRoutes, { authSecret });
  await app.register(passkeyStepUpRoutes, {
    rp: { rpId: passkeyRpId(env), origin: env.PUBLIC_URL },
  });
  await app.register(adminRoutes, { authSecret, presence });
  await app.register(balancesRoutes);
  await app.register(activityRoutes);
  await app.register(referralsRoutes);
  await app.register(swapRoutes);
  await app.register(transfersRoutes);
  await app.register(marketplaceRoutes);
  await app.register(rankingRoutes);
  await app.register(transparencyRoutes);
  await app.register(reservesRoutes, reservesOptions(env));
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
