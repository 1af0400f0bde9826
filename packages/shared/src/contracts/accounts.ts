import { z } from "zod";
import { LOCALES, NETWORKS, PASSWORD, USERNAME_RULES } from "../constants";
import { validationKey as v } from "../errors";
import { walletAddressProblem } from "../wallet/wallet-address";
import { ZPasskeyProof } from "./step-up";

/**
 * Account contracts. Validation messages are locale keys (`errors:validation.*`, the seeds'
 * words in each language): the web form and the server render them in the member's language.
 */

export const ROLES = ["member", "support", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ZUsername = z
  .string()
  .trim()
  .min(USERNAME_RULES.min, v("usernameTooShort"))
  .max(USERNAME_RULES.max, v("usernameTooLong"))
  .regex(USERNAME_RULES.pattern, v("usernameCharacters"));

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(v("invalidEmail")));

export const ZPassword = z
  .string()
  .min(PASSWORD.minLength, v("passwordTooShort"))
  .max(128, v("passwordTooLong"));

/** Sign in: Better Auth checks the pair; the form only asks for both. */
export const ZSignInForm = z.object({
  email: z.string().trim().min(1, v("emailRequired")).pipe(ZEmail),
  password: z.string().min(1, v("passwordRequired")),
});
export type TSignInForm = z.infer<typeof ZSignInForm>;

/** A password typed to confirm who you are (it is only compared, so any length is accepted). */
export const ZCurrentPasswordInput = z
  .string()
  .min(1, v("passwordRequired"))
  .max(128, v("passwordTooLong"));

/** A new password and its confirmation ("Passwords do not match" on the confirmation). */
function confirmed<T extends { confirmPassword: string }>(
  key: Exclude<keyof T, "confirmPassword">,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[key] !== value.confirmPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: v("passwordsDoNotMatch"),
      });
    }
  };
}

/** The reset-password form (the e-mailed link's token travels apart). */
export const ZResetPasswordForm = z
  .object({ password: ZPassword, confirmPassword: z.string() })
  .superRefine(confirmed<{ password: string; confirmPassword: string }>("password"));
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** Settings → Security → change password. */
export const ZChangePasswordForm = z
  .object({
    currentPassword: ZCurrentPasswordInput,
    newPassword: ZPassword,
    confirmPassword: z.string(),
  })
  .superRefine(
    confirmed<{ currentPassword: string; newPassword: string; confirmPassword: string }>(
      "newPassword",
    ),
  );
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** The password again, before turning two-factor authentication on or off. */
export const ZPasswordConfirmForm = z.object({ password: ZCurrentPasswordInput });
export type TPasswordConfirmForm = z.infer<typeof ZPasswordConfirmForm>;

/** A code from the authenticator app: spaces and dashes are dropped, six digits remain. */
export const ZTotpCode = z
  .string()
  .transform((code) => code.replace(/\D/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, v("codeSixDigits")));

/** One of the backup codes shown when two-factor authentication was turned on. */
export const ZBackupCode = z
  .string()
  .trim()
  .min(4, v("backupCodeInvalid"))
  .max(32, v("backupCodeInvalid"));

/** The second sign-in step: an authenticator code or a backup code. */
export const ZTwoFactorForm = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: ZTotpCode, trustDevice: z.boolean() }),
  z.object({ method: z.literal("backup"), code: ZBackupCode, trustDevice: z.boolean() }),
]);
export type TTwoFactorForm = z.infer<typeof ZTwoFactorForm>;

/** The first authenticator code, which turns two-factor authentication on. */
export const ZTotpSetupForm = z.object({ code: ZTotpCode });
export type TTotpSetupForm = z.infer<typeof ZTotpSetupForm>;

/** The sign-up form (the web validates with it; Better Auth and its hooks enforce it again). */
export const ZSignUpForm = z
  .object({
    username: ZUsername,
    email: ZEmail,
    password: ZPassword,
    confirmPassword: z.string(),
    acceptTerms: z.boolean(),
    ref: z.string().trim().max(64).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: v("passwordsDoNotMatch"),
      });
    }
    if (!value.acceptTerms) {
      ctx.addIssue({
        code: "custom",
        path: ["acceptTerms"],
        message: v("acceptTerms"),
      });
    }
  });
export type TSignUpForm = z.infer<typeof ZSignUpForm>;

export const ZNotificationPrefs = z
  .object({
    /** An e-mail when someone signs in to the account from a new device. */
    newSignIn: z.boolean(),
    /** Transfers received, withdrawals updated. */
    transactions: z.boolean(),
    /** Product news and events. */
    product: z.boolean(),
  })
  .meta({ id: "NotificationPrefs" });
export type TNotificationPrefs = z.infer<typeof ZNotificationPrefs>;

export const ZProfile = z
  .object({
    id: z.uuid(),
    authUid: z.string(),
    username: z.string(),
    isVerified: z.boolean(),
    walletAddress: z.string().nullable(),
    walletNetwork: z.enum(NETWORKS).nullable(),
    referredBy: z.uuid().nullable(),
    role: z.enum(ROLES),
    suspended: z.boolean(),
    locale: z.enum(LOCALES),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Profile" });
export type TProfile = z.infer<typeof ZProfile>;

export const ZMe = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
      /** A passkey can confirm a withdrawal or a new wallet (ADR 074); absent means no. */
      hasPasskey: z.boolean().optional(),
      /**
       * This session was opened with two factors: TOTP on, or a passkey that verified the person.
       * Staff pages need it (ADR 075); absent means no.
       */
      signedInWithTwoFactors: z.boolean().optional(),
    }),
    profile: ZProfile,
    notifications: ZNotificationPrefs,
    /** The member closed the dashboard's first-run guide (POST /api/me/first-run/dismiss). */
    firstRunDismissed: z.boolean(),
  })
  .meta({ id: "Me" });
export type TMe = z.infer<typeof ZMe>;

export const ZUpdateProfileRequest = z
  .object({ username: ZUsername.optional(), locale: z.enum(LOCALES).optional() })
  .refine((p) => p.username !== undefined || p.locale !== undefined, v("nothingToUpdate"))
  .meta({ id: "UpdateProfileRequest" });
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** Settings → Profile: the username (the server answers USERNAME_TAKEN on its field). */
export const ZProfileForm = z.object({ username: ZUsername });
export type TProfileForm = z.infer<typeof ZProfileForm>;

export const ZUsernameAvailabilityQuery = z.object({ username: z.string().trim().max(64) });
export const ZUsernameAvailability = z
  .object({
    username: z.string(),
    available: z.boolean(),
    reason: z.enum(["taken", "invalid", "yours"]).optional(),
  })
  .meta({ id: "UsernameAvailability" });
export type TUsernameAvailability = z.infer<typeof ZUsernameAvailability>;

/** What is wrong with a payout address for a network (a locale key), or null. */
export function walletAddressMessage(
  network: (typeof NETWORKS)[number],
  address: string,
): string | null {
  const problem = walletAddressProblem(network, address);
  if (problem === null) return null;
  if (problem === "required") return v("walletRequired");
  if (problem === "checksum") return v("walletChecksum");
  return network === "TRC20"
    ? v("walletTrc20")
    : network === "ERC20"
      ? v("walletErc20")
      : v("walletBep20");
}

function walletAddressIssue(
  value: { walletNetwork: (typeof NETWORKS)[number]; walletAddress: string },
  ctx: z.RefinementCtx,
) {
  const message = walletAddressMessage(value.walletNetwork, value.walletAddress);
  if (message) ctx.addIssue({ code: "custom", path: ["walletAddress"], message });
}

/** Settings → Wallet: the network and the address, checked as the server checks them. */
export const ZWalletForm = z
  .object({ walletNetwork: z.enum(NETWORKS), walletAddress: z.string().trim() })
  .superRefine(walletAddressIssue);
export type TWalletForm = z.infer<typeof ZWalletForm>;

/**
 * Confirming it is you again — a 2FA code, or the password: a new payout wallet, a withdrawal,
 * an admin's step-up (ADR 029).
 */
export const ZReauthForm = z.discriminatedUnion("method", [
  z.object({ method: z.literal("code"), secret: ZTotpCode }),
  z.object({ method: z.literal("password"), secret: ZCurrentPasswordInput }),
]);
export type TReauthForm = z.infer<typeof ZReauthForm>;

/** Saving the payout wallet asks for the password or a 2FA code again. */
export const ZUpdateWalletRequest = z
  .object({
    walletNetwork: z.enum(NETWORKS),
    walletAddress: z.string().trim().min(1, v("walletRequired")),
    password: z.string().min(1).max(128).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, v("codeSixDigits"))
      .optional(),
    /** A passkey assertion for a challenge bound to this network and address (ADR 074). */
    passkey: ZPasskeyProof.optional(),
  })
  .superRefine((value, ctx) => {
    walletAddressIssue(value, ctx);
    if (!value.password && !value.code && !value.passkey) {
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: v("confirmWithPasswordOrCode"),
      });
    }
  })
  .meta({ id: "UpdateWalletRequest" });
export type TUpdateWalletRequest = z.infer<typeof ZUpdateWalletRequest>;

export const ZPublicProfile = z
  .object({
    id: z.uuid(),
    username: z.string(),
    isVerified: z.boolean(),
    memberSince: z.iso.datetime(),
    referralCount: z.number().int().nonnegative(),
  })
  .meta({ id: "PublicProfile" });
export type TPublicProfile = z.infer<typeof ZPublicProfile>;

export const ZMailboxMessage = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    kind: z.string(),
    status: z.enum(["pending", "sent", "failed"]),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "MailboxMessage" });
export type TMailboxMessage = z.infer<typeof ZMailboxMessage>;

/**
 * Deleting one's account: the password or a current 2FA code again, and — when a balance
 * remains — the explicit choice to give it up.
 */
export const ZDeleteAccountRequest = z
  .object({
    password: z.string().min(1).max(128).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, v("codeSixDigits"))
      .optional(),
    forfeitBalance: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.password && !value.code) {
      ctx.addIssue({ code: "custom", path: ["password"], message: v("confirmWithPasswordOrCode") });
    }
  })
  .meta({ id: "DeleteAccountRequest" });
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;

/** The deletion is scheduled: it happens at `deleteAt` unless the member signs in before. */
export const ZDeleteAccountResult = z
  .object({
    scheduled: z.literal(true),
    deleteAt: z.iso.datetime(),
  })
  .meta({ id: "DeleteAccountResult" });
export type TDeleteAccountResult = z.infer<typeof ZDeleteAccountResult>;

/** Settings → Your data → Delete my account: the password or a 2FA code, and the forfeit choice. */
export const ZDeleteAccountForm = z
  .object({ password: z.string(), code: z.string().trim(), forfeitBalance: z.boolean() })
  .superRefine((value, ctx) => {
    if (!value.password && !value.code) {
      ctx.addIssue({ code: "custom", path: ["password"], message: v("confirmWithPasswordOrCode") });
    } else if (value.code && !/^\d{6}$/.test(value.code)) {
      ctx.addIssue({ code: "custom", path: ["code"], message: v("codeSixDigits") });
    }
  });
export type TDeleteAccountForm = z.infer<typeof ZDeleteAccountForm>;
