import { callAuth, loadAuthClient } from "@/lib/auth";

// Better Auth's two-factor endpoints (enable, verify-totp, disable, generate-backup-codes).

export type TwoFactorSetup = { totpURI: string; backupCodes: string[] };

/** Starts enabling 2FA: the authenticator URI and backup codes; on after verifyTotpSetup. */
export async function enableTwoFactor(password: string): Promise<TwoFactorSetup> {
  const client = await loadAuthClient();
  return callAuth(() => client.twoFactor.enable({ password })) as Promise<TwoFactorSetup>;
}

/** Confirms the app works with a first 6-digit code, which turns 2FA on. */
export async function verifyTotpSetup(code: string): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.twoFactor.verifyTotp({ code }));
}

export async function disableTwoFactor(password: string): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.twoFactor.disable({ password }));
}

export async function generateBackupCodes(password: string): Promise<string[]> {
  const client = await loadAuthClient();
  const data = await callAuth(() => client.twoFactor.generateBackupCodes({ password }));
  return (data as { backupCodes: string[] }).backupCodes;
}

/** The base32 secret inside an otpauth:// URI, for typing it in by hand. */
export function secretFromTotpUri(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get("secret");
  } catch {
    return /[?&]secret=([^&]+)/.exec(uri)?.[1] ?? null;
  }
}
