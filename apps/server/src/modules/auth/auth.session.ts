import {
  getCurrentAdapter,
  getCurrentDBAdapterAsyncLocalStorage,
  queueAfterTransactionHook,
} from "@better-auth/core/context";
import { APIError, type BetterAuthOptions } from "better-auth";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Mailer } from "../mail/mail.service";
import { findProfileByAuthUid } from "../profiles/profiles.repository";
import { recomputeMemberRisk } from "../risk/risk.service";
import { DEVICE_ID_HEADER, deviceKeyFrom, recordSignal } from "../risk/signals";
import { notifyNewSignIn } from "./auth.mail";
import { isUserVerifiedPasskeySignIn } from "./auth.passkey";

export const ACCOUNT_SUSPENDED = {
  code: "ACCOUNT_SUSPENDED",
  message: "Your account is suspended. Contact support.",
};

/**
 * Response header of a sign-in that cancelled the member's scheduled account deletion (ADR 036),
 * so the page can say so.
 */
export const DELETION_CANCELLED_HEADER = "x-viewvault-account-deletion";

export interface AuthSessionDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  /**
   * Signing in cancels a scheduled deletion (ADR 036): data-rights' command, handed in by the
   * composition so that auth does not import the module that builds on it.
   */
  cancelAccountDeletion: (authUid: string) => Promise<{ cancelled: boolean; deleted: boolean }>;
  /**
   * A session was deleted on this instance (sign-out, revocation, a password reset): this
   * instance's cache of signed-in members forgets the member now. Other instances hear the
   * database's NOTIFY, which also reaches this one, but later: until then a revoked session
   * would still be served from the cache.
   */
  sessionEnded?: (authUid: string) => void;
}

type ProfileRow = { id: string; authUid: string; suspended: boolean };

/** Sessions last 30 days and are refreshed once a day. */
export const sessionLifetime = {
  expiresIn: 60 * 60 * 24 * 30,
  updateAge: 60 * 60 * 24,
} satisfies BetterAuthOptions["session"];

/** The session's options: its lifetime, and whether a user-verifying passkey opened it (ADR 075). */
export const sessionOptions = {
  ...sessionLifetime,
  additionalFields: {
    passkeyVerified: {
      type: "boolean",
      required: false,
      input: false,
      defaultValue: false,
      fieldName: "passkeyVerified",
    },
  },
} satisfies BetterAuthOptions["session"];

/**
 * What a new session sets off: a suspended member gets none; it cancels a scheduled deletion;
 * afterwards the sign-in's signal feeds the risk score and a new device gets its alert.
 */
export function sessionHooks(deps: AuthSessionDeps) {
  const { db, mailer } = deps;
  const deviceKey = deviceKeyFrom(deps.secret);
  return {
    create: {
      async before(session, ctx) {
        const adapter = await getCurrentAdapter(ctx?.context.adapter as never);
        const profile = await adapter.findOne<ProfileRow>({
          model: "profile",
          where: [{ field: "authUid", value: session.userId }],
        });
        if (profile?.suspended) throw new APIError("FORBIDDEN", ACCOUNT_SUSPENDED);
        // A user-verifying passkey is two factors in one (ADR 070): the session says so (ADR 075).
        const data = { ...session, passkeyVerified: isUserVerifiedPasskeySignIn(ctx) };
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
          return { data };
        }
        const deletion = await deps.cancelAccountDeletion(session.userId);
        if (deletion.deleted) throw new APIError("FORBIDDEN", ACCOUNT_SUSPENDED);
        if (deletion.cancelled) {
          mailer.nudge();
          ctx?.setHeader?.(DELETION_CANCELLED_HEADER, "cancelled");
        }
        return { data };
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
        void notifyNewSignIn({
          db,
          mailer,
          publicUrl: deps.publicUrl,
          userId: session.userId,
          userAgent: session.userAgent ?? "",
          ip: session.ipAddress ?? "?",
        }).catch(() => undefined);
      },
    },
    delete: {
      async after(session) {
        deps.sessionEnded?.(session.userId);
      },
    },
  } satisfies NonNullable<BetterAuthOptions["databaseHooks"]>["session"];
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
