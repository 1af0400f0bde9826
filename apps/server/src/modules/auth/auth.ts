import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { PRODUCT_NAME, USERNAME_RULES } from "@viewvault/shared";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { twoFactor, username } from "better-auth/plugins";
import type { Redis } from "ioredis";
import type { Env } from "../../config/env";
import type { Db } from "../../db/client";
import {
  accounts,
  passkeys,
  profiles,
  sessions,
  twoFactors,
  users,
  verifications,
} from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { CLIENT_IP_HEADER } from "../../lib/member";
import { hashPassword, verifyPassword } from "../../lib/password";
import { isServedOrigin } from "../../plugins/security";
import type { Mailer } from "../mail/mail.service";
import { fixedWindowLimiter } from "../platform/rate-limit.service";
import { authRequestHooks, passwordBreachHook, userCreateHooks } from "./auth.hooks";
import { authMail } from "./auth.mail";
import { passkeyPlugin, passkeyRequestHooks } from "./auth.passkey";
import { type AuthSessionDeps, sessionHooks, sessionOptions } from "./auth.session";

/** What createAuth is given (app.ts hands in the callbacks of modules that build on auth). */
export interface AuthDeps {
  env: Env;
  db: Db;
  secret: string;
  mailer: Mailer;
  clock: Clock;
  redis?: Redis | undefined;
  /** Called (not awaited) once a member has confirmed their e-mail. */
  onEmailVerified?: (authUid: string) => void;
  /** Signing in cancels a scheduled deletion (ADR 036); see auth.session.ts. */
  cancelAccountDeletion: AuthSessionDeps["cancelAccountDeletion"];
  /** A member's session ended here; see auth.session.ts. */
  sessionEnded?: AuthSessionDeps["sessionEnded"];
}

/**
 * Tiny plugin so Better Auth's adapter (and its transaction) can read profiles, and so a passkey's
 * last use (set in auth.passkey.ts) is listed with it.
 */
const profilesModel = {
  id: "viewvault-profiles",
  schema: {
    profile: {
      modelName: "profile",
      fields: {
        authUid: { type: "string", required: true },
        username: { type: "string", required: true },
        suspended: { type: "boolean", required: false },
        locale: { type: "string", required: false },
      },
    },
    passkey: {
      fields: { lastUsedAt: { type: "date", required: false, input: false } },
    },
  },
} as const;

/** Who may call Better Auth: PUBLIC_URL, TRUSTED_ORIGINS and, outside production, the page's own. */
function trustedOriginsOf(env: Env) {
  return (request?: Request) => {
    const origins = [env.PUBLIC_URL, ...env.TRUSTED_ORIGINS];
    const origin = request?.headers.get("origin");
    if (
      env.NODE_ENV !== "production" &&
      origin &&
      isServedOrigin({
        origin,
        host: request?.headers.get("host"),
        secFetchSite: request?.headers.get("sec-fetch-site"),
      })
    ) {
      origins.push(origin);
    }
    return origins;
  };
}

/** Better Auth's tables through Drizzle, with transactions (profiles: where the username lives). */
function authDatabase(db: Db) {
  return drizzleAdapter(db, {
    provider: "pg",
    transaction: true,
    schema: {
      user: users,
      session: sessions,
      account: accounts,
      verification: verifications,
      twoFactor: twoFactors,
      passkey: passkeys,
      profile: profiles,
    },
  });
}

/** E-mail + password: confirmed before the first sign-in, reset by a link that ends sessions. */
function passwordSignIn(mail: ReturnType<typeof authMail>) {
  return {
    enabled: true,
    requireEmailVerification: true,
    autoSignIn: false,
    minPasswordLength: 6,
    maxPasswordLength: 128,
    revokeSessionsOnPasswordReset: true,
    resetPasswordTokenExpiresIn: 60 * 60,
    password: { hash: hashPassword, verify: verifyPassword },
    sendResetPassword: mail.sendResetPassword,
  } satisfies BetterAuthOptions["emailAndPassword"];
}

/** Cookies (prefix vv, HTTP-only, secure on https), the client IP header, and origin checks everywhere. */
function cookiesAndChecks(https: boolean) {
  return {
    cookiePrefix: "vv",
    useSecureCookies: https,
    defaultCookieAttributes: { httpOnly: true, sameSite: "lax" as const, secure: https },
    ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    // Better Auth skips its origin and callback checks when NODE_ENV=test unless told otherwise:
    // check them everywhere, so tests see what members get.
    disableOriginCheck: false,
  } satisfies BetterAuthOptions["advanced"];
}

/**
 * Better Auth for ViewVault: e-mail + password with confirmation, usernames, TOTP two-factor,
 * database sessions in HTTP-only cookies, and rate limits in the database (or Redis). Composed of
 * its parts: the e-mails it sends (auth.mail.ts), the hooks on its requests and new users
 * (auth.hooks.ts) and what a new session sets off (auth.session.ts).
 */
export function createAuth(deps: AuthDeps) {
  const { env, db } = deps;
  const https = env.PUBLIC_URL.startsWith("https://");
  const mail = authMail(deps);
  const passkeyHooks = passkeyRequestHooks(deps);
  const breachCheck = passwordBreachHook({
    enabled: env.passwordBreachCheck,
    url: env.PASSWORD_BREACH_API_URL,
  });

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: deps.secret,
    // The security plugin's rule: PUBLIC_URL and TRUSTED_ORIGINS, and outside production also the
    // address the page was served on (http://127.0.0.1:3000, a LAN address).
    trustedOrigins: trustedOriginsOf(env),
    telemetry: { enabled: false },
    database: authDatabase(db),
    // Profile edits go through /api/me (usernames live in profiles); accounts are not deleted from here.
    disabledPaths: ["/update-user", "/change-email", "/delete-user", "/is-username-available"],
    user: {
      additionalFields: {
        referralId: { type: "string", required: false, input: true, returned: false },
        locale: { type: "string", required: false, input: true },
        signupIp: { type: "string", required: false, input: false, returned: false },
        signupUserAgent: { type: "string", required: false, input: false, returned: false },
      },
    },
    emailAndPassword: passwordSignIn(mail),
    emailVerification: mail.emailVerification,
    session: sessionOptions,
    rateLimit: {
      enabled: true,
      window: 60,
      max: 120,
      customStorage: fixedWindowLimiter(db, deps.redis),
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-in/username": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
        "/send-verification-email": { window: 60, max: 3 },
        "/two-factor/verify-totp": { window: 60, max: 5 },
        "/two-factor/verify-backup-code": { window: 60, max: 5 },
        "/change-password": { window: 60, max: 5 },
        "/passkey/generate-authenticate-options": { window: 60, max: 20 },
        "/passkey/verify-authentication": { window: 60, max: 10 },
      },
    },
    advanced: cookiesAndChecks(https),
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await authRequestHooks.before(ctx);
        await breachCheck(ctx);
        await passkeyHooks.before(ctx);
      }),
      after: passkeyHooks.after,
    },
    databaseHooks: {
      user: userCreateHooks,
      session: sessionHooks({ ...deps, publicUrl: env.PUBLIC_URL }),
    },
    plugins: [
      username({
        minUsernameLength: USERNAME_RULES.min,
        maxUsernameLength: USERNAME_RULES.max,
        usernameValidator: (value) => USERNAME_RULES.pattern.test(value),
      }),
      twoFactor({ issuer: PRODUCT_NAME, backupCodeOptions: { amount: 10, length: 10 } }),
      passkeyPlugin(deps),
      profilesModel,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module "fastify" {
  interface FastifyInstance {
    /** Better Auth, decorated by app.ts (tests reach its context and handler through it). */
    auth: Auth;
  }
}
