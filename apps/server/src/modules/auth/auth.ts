import {
  getCurrentAdapter,
  getCurrentDBAdapterAsyncLocalStorage,
  queueAfterTransactionHook,
} from "@better-auth/core/context";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { LOCALES, type Locale, PASSWORD, PRODUCT_NAME, USERNAME_RULES } from "@viewvault/shared";
import { APIError, betterAuth } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { twoFactor, username } from "better-auth/plugins";
import type { Redis } from "ioredis";
import type { Env } from "../../config/env";
import type { Db } from "../../db/client";
import { accounts, profiles, sessions, twoFactors, users, verifications } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { CLIENT_IP_HEADER } from "../../lib/member";
import { hashPassword, isCommonPassword, verifyPassword } from "../../lib/password";
import { isServedOrigin } from "../../plugins/security";
import type { Mailer } from "../mail/mail.service";
import { describeDevice, renderMail } from "../mail/mail.templates";
import { fixedWindowLimiter } from "../platform/rate-limit.service";
import { findProfileByAuthUid } from "../profiles/profiles.repository";
import { recomputeMemberRisk } from "../risk/risk.service";
import { DEVICE_ID_HEADER, deviceKeyFrom, recordSignal } from "../risk/signals";
import { loadSignInAlertTarget } from "./sessions.repository";

/** Header the Fastify bridge sets from request.ip (which honours TRUST_PROXY); clients cannot forge it. */

export const PASSWORD_TOO_COMMON = {
  code: "PASSWORD_TOO_COMMON",
  message: "This password is too common. Choose another one.",
};
export const ACCOUNT_SUSPENDED = {
  code: "ACCOUNT_SUSPENDED",
  message: "Your account is suspended. Contact support.",
};

/**
 * Response header of a sign-in that cancelled the member's scheduled account deletion (ADR 036),
 * so the page can say so.
 */
export const DELETION_CANCELLED_HEADER = "x-viewvault-account-deletion";

export interface AuthDeps {
  env: Env;
  db: Db;
  secret: string;
  mailer: Mailer;
  clock: Clock;
  redis?: Redis | undefined;
  /** Called (not awaited) once a member has confirmed their e-mail. */
  onEmailVerified?: (authUid: string) => void;
  /**
   * Signing in cancels a scheduled deletion (ADR 036): data-rights' command, wired by app.ts so
   * that auth does not import the module that builds on it.
   */
  cancelAccountDeletion: (authUid: string) => Promise<{ cancelled: boolean; deleted: boolean }>;
}

function localeOf(value: unknown): Locale {
  return LOCALES.includes(value as Locale) ? (value as Locale) : "en";
}

/** Tiny plugin so Better Auth's adapter (and its transaction) can read profiles. */
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
  },
} as const;

type ProfileRow = {
  id: string;
  authUid: string;
  username: string;
  suspended: boolean;
  locale: string;
};

/**
 * Better Auth for ViewVault: e-mail + password with confirmation, usernames, TOTP two-factor,
 * database sessions in HTTP-only cookies, and rate limits in the database (or Redis).
 */
export function createAuth(deps: AuthDeps) {
  const { env, db, mailer } = deps;
  const https = env.PUBLIC_URL.startsWith("https://");
  const deviceKey = deviceKeyFrom(deps.secret);

  async function profileByAuthUid(
    adapterFallback: unknown,
    authUid: string,
  ): Promise<ProfileRow | null> {
    const adapter = await getCurrentAdapter(adapterFallback as never);
    return adapter.findOne<ProfileRow>({
      model: "profile",
      where: [{ field: "authUid", value: authUid }],
    });
  }

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: deps.secret,
    // The security plugin's rule: PUBLIC_URL and TRUSTED_ORIGINS, and outside production also the
    // address the page was served on (http://127.0.0.1:3000, a LAN address).
    trustedOrigins: (request) => {
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
    },
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        profile: profiles,
      },
    }),
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
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: { hash: hashPassword, verify: verifyPassword },
      async sendResetPassword({ user, url }) {
        const profile = await findProfileByAuthUid(db, user.id);
        const mail = renderMail("resetPassword", localeOf(profile?.locale), { url });
        await mailer.send({ to: user.email, kind: "reset-password", ...mail });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async afterEmailVerification(user) {
        deps.onEmailVerified?.(user.id);
      },
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        const u = user as typeof user & {
          locale?: string;
          displayUsername?: string;
          username?: string;
        };
        const mail = renderMail("verifyEmail", localeOf(u.locale), {
          url,
          username: u.displayUsername ?? u.username ?? user.name,
        });
        await mailer.send({ to: user.email, kind: "verify-email", ...mail });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
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
      },
    },
    advanced: {
      cookiePrefix: "vv",
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips its origin and callback checks when NODE_ENV=test unless told otherwise:
      // check them everywhere, so tests see what members get.
      disableOriginCheck: false,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const newPassword =
          ctx.path === "/sign-up/email"
            ? body.password
            : ctx.path === "/reset-password" || ctx.path === "/change-password"
              ? body.newPassword
              : undefined;
        // Length rules first (Better Auth answers PASSWORD_TOO_SHORT), then the common-password list.
        if (
          typeof newPassword === "string" &&
          newPassword.length >= PASSWORD.minLength &&
          isCommonPassword(newPassword)
        ) {
          throw new APIError("BAD_REQUEST", PASSWORD_TOO_COMMON);
        }
        if (ctx.path === "/change-password") {
          // Changing the password always signs out every other session.
          body.revokeOtherSessions = true;
        }
        if (ctx.path === "/sign-up/email") {
          body.locale = localeOf(body.locale);
          body.referralId = await resolveReferrer(
            ctx.context.adapter,
            body.referralId,
            body.username,
          );
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            const headers = ctx?.request?.headers;
            return {
              data: {
                ...user,
                signupIp: headers?.get(CLIENT_IP_HEADER) ?? null,
                signupUserAgent: headers?.get("user-agent")?.slice(0, 512) ?? null,
              },
            };
          },
        },
      },
      session: {
        create: {
          async before(session, ctx) {
            const profile = await profileByAuthUid(ctx?.context.adapter, session.userId);
            if (profile?.suspended) throw new APIError("FORBIDDEN", ACCOUNT_SUSPENDED);
            // Signing in cancels a scheduled deletion (ADR 036). If the deletion job performed it
            // first (it holds the row until it commits), the member is gone: no session.
            const store = (await getCurrentDBAdapterAsyncLocalStorage()).getStore();
            if (store?.isTransactionActive) {
              // A signed-in member's new session (password change) inside Better Auth's
              // transaction: the global pool must not be used here (it would wait on PGlite's
              // one connection); their deletion, if any, is cancelled once that commits.
              await queueAfterTransactionHook(async () => {
                await deps.cancelAccountDeletion(session.userId);
              });
              return;
            }
            const deletion = await deps.cancelAccountDeletion(session.userId);
            if (deletion.deleted) throw new APIError("FORBIDDEN", ACCOUNT_SUSPENDED);
            if (deletion.cancelled) {
              mailer.nudge();
              ctx?.setHeader?.(DELETION_CANCELLED_HEADER, "cancelled");
            }
          },
          async after(session, ctx) {
            // The sign-in's device, network and user agent for the risk score (ADR 048).
            void recordSignInSignal(db, deps.clock, deviceKey, {
              authUid: session.userId,
              sessionId: session.id,
              deviceId: ctx?.request?.headers.get(DEVICE_ID_HEADER),
              address: session.ipAddress,
              userAgent: session.userAgent,
            }).catch(() => undefined);
            // Alert on a sign-in from a device this member has not used before (if they want it).
            const userAgent = session.userAgent ?? "";
            void notifyNewSignIn(
              db,
              mailer,
              env,
              session.userId,
              userAgent,
              session.ipAddress ?? "?",
            ).catch(() => undefined);
          },
        },
      },
    },
    plugins: [
      username({
        minUsernameLength: USERNAME_RULES.min,
        maxUsernameLength: USERNAME_RULES.max,
        usernameValidator: (value) => USERNAME_RULES.pattern.test(value),
      }),
      twoFactor({ issuer: PRODUCT_NAME, backupCodeOptions: { amount: 10, length: 10 } }),
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

/**
 * The seeds' referrer rule: a value without a hyphen is a username looked up in profiles,
 * otherwise an id; a failed lookup keeps the raw value. A referrer that does not exist, or the
 * new member themself, is ignored (the create-profile trigger stores only an existing profile id).
 */
async function resolveReferrer(
  adapter: unknown,
  raw: unknown,
  newUsername: unknown,
): Promise<string | undefined> {
  if (typeof raw !== "string" || raw.trim() === "") return undefined;
  const value = raw.trim().replace(/^@/, "");
  if (typeof newUsername === "string" && value.toLowerCase() === newUsername.toLowerCase())
    return undefined;
  if (value.includes("-")) return value;
  const a = await getCurrentAdapter(adapter as never);
  // Better Auth keeps usernames lower-cased on the user row; profiles hold the display form.
  const user = await a.findOne<{ id: string }>({
    model: "user",
    where: [{ field: "username", value: value.toLowerCase() }],
  });
  if (!user) return value;
  const profile = await a.findOne<{ id: string }>({
    model: "profile",
    where: [{ field: "authUid", value: user.id }],
  });
  return profile?.id ?? value;
}

/** A sign-in's signal, then the member's risk recomputed (not awaited by the sign-in). */
async function recordSignInSignal(
  db: Db,
  clock: Clock,
  key: string,
  input: {
    authUid: string;
    sessionId: string;
    deviceId: string | null | undefined;
    address: string | null | undefined;
    userAgent: string | null | undefined;
  },
): Promise<void> {
  const profile = await findProfileByAuthUid(db, input.authUid);
  if (!profile) return;
  await recordSignal(db, key, {
    memberId: profile.id,
    kind: "sign_in",
    refId: input.sessionId,
    deviceId: input.deviceId,
    address: input.address,
    userAgent: input.userAgent,
    at: clock.now(),
  });
  await recomputeMemberRisk(db, clock, profile.id);
}

async function notifyNewSignIn(
  db: Db,
  mailer: Mailer,
  env: Env,
  userId: string,
  userAgent: string,
  ip: string,
): Promise<void> {
  const target = await loadSignInAlertTarget(db, userId, userAgent);
  if (!target?.wantsAlert || !target.isNewDevice) return;
  const locale = localeOf(target.locale);
  const mail = renderMail("newSignIn", locale, {
    url: `${env.PUBLIC_URL}/settings?tab=security`,
    device: describeDevice(userAgent, locale),
    ip,
  });
  await mailer.send({ to: target.email, kind: "new-sign-in", ...mail });
}
