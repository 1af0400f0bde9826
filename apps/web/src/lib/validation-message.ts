import type { TFunction } from "i18next";

/**
 * The shared zod contracts speak the seeds' English; each message has a key under
 * `auth:validation.*` so members read it in their language.
 */
const KEYS: Record<string, string> = {
  "Passwords do not match": "passwordsDoNotMatch",
  "Password must be at least 6 characters": "passwordTooShort",
  "Password must be at most 128 characters": "passwordTooLong",
  "You must accept the Terms of Use and Privacy Policy": "acceptTerms",
  "Username must be at least 3 characters": "usernameTooShort",
  "Username must be at most 20 characters": "usernameTooLong",
  "Use only letters, numbers, dots and underscores": "usernameCharacters",
  "Please enter a valid email": "invalidEmail",
  "Please enter your wallet address": "walletRequired",
  "A TRC20 address starts with T and has 34 characters": "walletTrc20",
  "An ERC20 address is 0x followed by 40 hexadecimal characters": "walletErc20",
  "An BEP20 address is 0x followed by 40 hexadecimal characters": "walletBep20",
  "Confirm with your password or a 2FA code": "confirmWithPasswordOrCode",
  "Enter the 6-digit code from your authenticator app": "codeSixDigits",
};

/** Translates a contract's validation message (unknown ones are shown as they are). */
export function validationMessage(t: TFunction, message: string): string {
  const key = KEYS[message];
  return key ? t(`auth:validation.${key}`) : message;
}
