import { z } from "zod";
import { LOCALES, NETWORKS, PASSWORD, WALLET_ADDRESS_PATTERNS } from "../constants";

/**
 * Account contracts. Validation messages are the seeds' English words; the web app shows them
 * through `auth:validation.*` keys in the member's language.
 */

export const ROLES = ["member", "support", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const USERNAME_RULES = { min: 3, max: 20, pattern: /^[A-Za-z0-9_.]+$/ } as const;

export const ZUsername = z
  .string()
  .trim()
  .min(USERNAME_RULES.min, "Username must be at least 3 characters")
  .max(USERNAME_RULES.max, "Username must be at most 20 characters")
  .regex(USERNAME_RULES.pattern, "Use only letters, numbers, dots and underscores");

export const ZEmail = z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email"));

export const ZPassword = z
  .string()
  .min(PASSWORD.minLength, "Password must be at least 6 characters")
  .max(128, "Password must be at most 128 characters");

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
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: "Passwords do not match",
      });
    }
    if (!v.acceptTerms) {
      ctx.addIssue({
        code: "custom",
        path: ["acceptTerms"],
        message: "You must accept the Terms of Use and Privacy Policy",
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
    }),
    profile: ZProfile,
    notifications: ZNotificationPrefs,
  })
  .meta({ id: "Me" });
export type TMe = z.infer<typeof ZMe>;

export const ZUpdateProfileRequest = z
  .object({ username: ZUsername.optional(), locale: z.enum(LOCALES).optional() })
  .refine((v) => v.username !== undefined || v.locale !== undefined, "Nothing to update")
  .meta({ id: "UpdateProfileRequest" });
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZUsernameAvailabilityQuery = z.object({ username: z.string().trim().max(64) });
export const ZUsernameAvailability = z
  .object({
    username: z.string(),
    available: z.boolean(),
    reason: z.enum(["taken", "invalid", "yours"]).optional(),
  })
  .meta({ id: "UsernameAvailability" });
export type TUsernameAvailability = z.infer<typeof ZUsernameAvailability>;

export function isValidWalletAddress(network: (typeof NETWORKS)[number], address: string): boolean {
  return WALLET_ADDRESS_PATTERNS[network].test(address);
}

/** Saving the payout wallet asks for the password or a 2FA code again. */
export const ZUpdateWalletRequest = z
  .object({
    walletNetwork: z.enum(NETWORKS),
    walletAddress: z.string().trim().min(1, "Please enter your wallet address"),
    password: z.string().min(1).max(128).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app")
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!isValidWalletAddress(v.walletNetwork, v.walletAddress)) {
      ctx.addIssue({
        code: "custom",
        path: ["walletAddress"],
        message:
          v.walletNetwork === "TRC20"
            ? "A TRC20 address starts with T and has 34 characters"
            : `An ${v.walletNetwork} address is 0x followed by 40 hexadecimal characters`,
      });
    }
    if (!v.password && !v.code) {
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: "Confirm with your password or a 2FA code",
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

export const ZSetSuspendedRequest = z
  .object({ suspended: z.boolean() })
  .meta({ id: "SetSuspendedRequest" });

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
