import { LOCALES, type Locale } from "@viewvault/shared";
import type { BetterAuthOptions } from "better-auth";
import type { Db } from "../../db/client";
import type { Mailer } from "../mail/mail.service";
import { describeDevice, renderMail } from "../mail/mail.templates";
import { findProfileByAuthUid } from "../profiles/profiles.repository";
import { loadSignInAlertTarget } from "./sessions.repository";

/** A locale the app speaks, English otherwise. */
export function localeOf(value: unknown): Locale {
  return LOCALES.includes(value as Locale) ? (value as Locale) : "en";
}

export interface AuthMailDeps {
  db: Db;
  mailer: Mailer;
  /** Called (not awaited) once a member has confirmed their e-mail. */
  onEmailVerified?: ((authUid: string) => void) | undefined;
}

/** The e-mails Better Auth sends: password reset and address confirmation, in the member's language. */
export function authMail(deps: AuthMailDeps) {
  const { db, mailer } = deps;
  const sendResetPassword: NonNullable<BetterAuthOptions["emailAndPassword"]>["sendResetPassword"] =
    async ({ user, url }) => {
      const profile = await findProfileByAuthUid(db, user.id);
      const mail = renderMail("resetPassword", localeOf(profile?.locale), { url });
      await mailer.send({ to: user.email, kind: "reset-password", ...mail });
    };
  const emailVerification = {
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
  } satisfies BetterAuthOptions["emailVerification"];
  return { sendResetPassword, emailVerification };
}

export interface NewSignInAlert {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  userId: string;
  userAgent: string;
  ip: string;
}

/** The alert of a sign-in from a device the member has not used before (if they want it). */
export async function notifyNewSignIn(alert: NewSignInAlert): Promise<void> {
  const { db, mailer, userId, userAgent } = alert;
  const target = await loadSignInAlertTarget(db, userId, userAgent);
  if (!target?.wantsAlert || !target.isNewDevice) return;
  const locale = localeOf(target.locale);
  const mail = renderMail("newSignIn", locale, {
    url: `${alert.publicUrl}/settings?tab=security`,
    device: describeDevice(userAgent, locale),
    ip: alert.ip,
  });
  await mailer.send({ to: target.email, kind: "new-sign-in", ...mail });
}
