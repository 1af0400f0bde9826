import { passkey } from "@better-auth/passkey";
import { PRODUCT_NAME } from "@viewvault/shared";
import { APIError } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { and, count, eq, ne } from "drizzle-orm";
import { type Env, passkeyRpId } from "../../config/env";
import type { Db } from "../../db/client";
import { accounts, passkeys, users } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import type { Mailer } from "../mail/mail.service";
import { findProfileByAuthUid, queueNotice } from "../profiles/profiles.repository";

const PASSKEY_NOT_USER_VERIFIED = {
  code: "PASSKEY_NOT_USER_VERIFIED",
  message:
    "Two-factor authentication is on: use a passkey that asks for your fingerprint, face or PIN.",
};

const PASSKEY_LAST_SIGN_IN_METHOD = {
  code: "PASSKEY_LAST_SIGN_IN_METHOD",
  message: "This passkey is your only way to sign in. Add a password or another passkey first.",
};

interface PasskeyDeps {
  env: Env;
  db: Db;
  mailer: Mailer;
  clock: Clock;
}

/**
 * Passkey sign-ins whose authenticator verified the person, by request body: the session this
 * sign-in creates records it (`sessions.passkey_verified`, ADR 075). Entries go with the request.
 */
const userVerifiedSignIns = new WeakSet<object>();

/** Whether the passkey sign-in behind this Better Auth context verified its user (ADR 075). */
export function isUserVerifiedPasskeySignIn(
  ctx: { path?: string; body?: unknown } | null | undefined,
): boolean {
  return (
    ctx?.path === "/passkey/verify-authentication" &&
    typeof ctx.body === "object" &&
    ctx.body !== null &&
    userVerifiedSignIns.has(ctx.body)
  );
}

/**
 * Better Auth's passkey plugin for ViewVault (ADR 070): the relying party is PUBLIC_URL's host
 * (or PASSKEY_RP_ID), discoverable credentials so the browser can offer them in the e-mail field,
 * and a sign-in rule the plugin lacks — a member with two-factor on signs in with a passkey only if
 * the authenticator verified the person (fingerprint, face, PIN): that is two factors in one.
 */
export function passkeyPlugin(deps: PasskeyDeps) {
  const { env, db, clock } = deps;
  return passkey({
    rpID: passkeyRpId(env),
    rpName: PRODUCT_NAME,
    origin: env.PUBLIC_URL,
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    authentication: {
      async afterVerification({ ctx, verification }) {
        const info = verification.authenticationInfo;
        const [row] = await db
          .select({ userId: passkeys.userId, twoFactor: users.twoFactorEnabled })
          .from(passkeys)
          .innerJoin(users, eq(users.id, passkeys.userId))
          .where(eq(passkeys.credentialID, info.credentialID));
        if (row?.twoFactor && !info.userVerified) {
          throw new APIError("UNAUTHORIZED", PASSKEY_NOT_USER_VERIFIED);
        }
        if (info.userVerified && typeof ctx.body === "object" && ctx.body !== null) {
          userVerifiedSignIns.add(ctx.body);
        }
        await db
          .update(passkeys)
          .set({ lastUsedAt: clock.now() })
          .where(eq(passkeys.credentialID, info.credentialID));
      },
    },
  });
}

/** Before the plugin deletes a passkey: the last way to sign in is never removed. */
async function refuseLastSignInMethod(db: Db, userId: string, passkeyId: string): Promise<void> {
  const [password] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if ((password?.n ?? 0) > 0) return;
  const [others] = await db
    .select({ n: count() })
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), ne(passkeys.id, passkeyId)));
  if ((others?.n ?? 0) === 0) throw new APIError("BAD_REQUEST", PASSKEY_LAST_SIGN_IN_METHOD);
}

/** The alert e-mail of a passkey added or removed (the same kind a payout-wallet change sends). */
async function alertPasskeyChange(
  deps: PasskeyDeps,
  userId: string,
  change: { added: boolean; name: string },
): Promise<void> {
  const profile = await findProfileByAuthUid(deps.db, userId);
  if (!profile) return;
  await queueNotice(
    deps.db,
    profile.id,
    change.added ? "passkey-added" : "passkey-removed",
    change.added ? "passkeyAdded" : "passkeyRemoved",
    { name: change.name },
  );
  deps.mailer.nudge();
}

/** A passkey's name is the member's label for a device (the form caps it too). */
const PASSKEY_NAME_MAX = 60;

type PasskeyRow = { id: string; name: string | null; userId: string };

/** The passkey hooks on Better Auth's requests: refuse removing the last sign-in method, alert. */
export function passkeyRequestHooks(deps: PasskeyDeps) {
  const { db } = deps;
  const pending = new WeakMap<object, PasskeyRow>();
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = ctx.body as { id?: unknown; name?: unknown } | undefined;
      if (typeof body?.name === "string") body.name = body.name.trim().slice(0, PASSKEY_NAME_MAX);
      if (ctx.path !== "/passkey/delete-passkey") return;
      const id = body?.id;
      if (typeof id !== "string") return;
      const [row] = await db
        .select({ id: passkeys.id, name: passkeys.name, userId: passkeys.userId })
        .from(passkeys)
        .where(eq(passkeys.id, id));
      // The plugin answers a passkey that is not the caller's; only the owner reaches this rule.
      const session = await getSessionFromCtx(ctx).catch(() => null);
      if (!row || !session || session.user.id !== row.userId) return;
      await refuseLastSignInMethod(db, row.userId, row.id);
      pending.set(ctx.body as object, row);
    }),
    after: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (isAPIError(returned)) {
        // The plugin answers 500 to a registration it cannot parse: hostile input gets a 4xx (the
        // auth bridge gives PASSKEY_INVALID its 400, see plugins/auth.ts).
        const code = (returned.body as { code?: string } | undefined)?.code;
        if (ctx.path.startsWith("/passkey/") && code === "FAILED_TO_VERIFY_REGISTRATION") {
          throw new APIError("BAD_REQUEST", {
            code: "PASSKEY_INVALID",
            message: "Invalid passkey.",
          });
        }
        return;
      }
      if (returned instanceof Response) return;
      if (ctx.path === "/passkey/verify-registration") {
        const created = returned as { userId?: string; name?: string | null } | undefined;
        if (created?.userId) {
          await alertPasskeyChange(deps, created.userId, { added: true, name: created.name ?? "" });
        }
      }
      if (ctx.path === "/passkey/delete-passkey" && ctx.body) {
        const row = pending.get(ctx.body as object);
        if (row) await alertPasskeyChange(deps, row.userId, { added: false, name: row.name ?? "" });
      }
    }),
  };
}
