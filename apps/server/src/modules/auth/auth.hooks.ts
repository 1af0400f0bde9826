import { getCurrentAdapter } from "@better-auth/core/context";
import { PASSWORD } from "@viewvault/shared";
import { APIError, type BetterAuthOptions } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { CLIENT_IP_HEADER } from "../../lib/member";
import { isCommonPassword } from "../../lib/password";
import { isBreachedPassword } from "../../lib/password-breach";
import { localeOf } from "./auth.mail";

export const PASSWORD_TOO_COMMON = {
  code: "PASSWORD_TOO_COMMON",
  message: "This password is too common. Choose another one.",
};

export const PASSWORD_BREACHED = {
  code: "PASSWORD_BREACHED",
  message:
    "This password appeared in a data breach of another site, so attackers try it first. Choose another one.",
};

/**
 * What runs before Better Auth's own endpoints: the common-password list, "changing the password
 * signs out every other session", and a sign-up's locale and referrer.
 */
export const authRequestHooks = {
  before: createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const newPassword = newPasswordOf(ctx.path, body);
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
      body.referralId = await resolveReferrer(ctx.context.adapter, body.referralId, body.username);
    }
  }),
} satisfies BetterAuthOptions["hooks"];

/** The password a sign-up, reset or change sets, or undefined. */
function newPasswordOf(path: string, body: Record<string, unknown>): unknown {
  if (path === "/sign-up/email") return body.password;
  if (path === "/reset-password" || path === "/change-password") return body.newPassword;
  return undefined;
}

/**
 * The breached-password check (lib/password-breach.ts) on a sign-up, reset or change, after the
 * length and common-password rules. An unreachable service never blocks anyone: it is logged.
 */
export function passwordBreachHook(opts: { enabled: boolean; url: string }) {
  return createAuthMiddleware(async (ctx) => {
    if (!opts.enabled) return;
    const password = newPasswordOf(ctx.path, (ctx.body ?? {}) as Record<string, unknown>);
    if (
      typeof password !== "string" ||
      password.length < PASSWORD.minLength ||
      password.length > 128
    ) {
      return;
    }
    const breached = await isBreachedPassword(password, { url: opts.url });
    if (breached === null) {
      ctx.context.logger.warn("password breach check unavailable: the other password rules decide");
    }
    if (breached) throw new APIError("BAD_REQUEST", PASSWORD_BREACHED);
  });
}

/** A new user row keeps the address and browser it signed up from (the risk score reads them). */
export const userCreateHooks = {
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
} satisfies NonNullable<BetterAuthOptions["databaseHooks"]>["user"];

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
