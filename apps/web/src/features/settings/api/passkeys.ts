import { queryOptions, useQuery } from "@tanstack/react-query";
import { AuthError, callAuth, loadAuthClient, passkeyError } from "@/lib/auth";

/** A passkey as Better Auth's passkey plugin lists it (ADR 070). */
export type Passkey = {
  id: string;
  name?: string | null;
  deviceType: "singleDevice" | "multiDevice" | string;
  backedUp: boolean;
  createdAt: string | Date;
  lastUsedAt?: string | Date | null;
};

export const passkeysQueryKey = ["auth", "passkeys"] as const;

async function listPasskeys(): Promise<Passkey[]> {
  const client = await loadAuthClient();
  const list = await callAuth(() => client.passkey.listUserPasskeys());
  return (list ?? []) as unknown as Passkey[];
}

export function usePasskeys() {
  return useQuery(
    queryOptions({ queryKey: passkeysQueryKey, queryFn: listPasskeys, staleTime: 10_000 }),
  );
}

/** Creates a passkey on this device (the browser asks for the fingerprint, face or PIN). */
export async function addPasskey(name: string): Promise<void> {
  const client = await loadAuthClient();
  try {
    await callAuth(() => client.passkey.addPasskey({ name }));
  } catch (error) {
    throw error instanceof AuthError ? passkeyError(error) : error;
  }
}

export async function renamePasskey(id: string, name: string): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.passkey.updatePasskey({ id, name }));
}

export async function removePasskey(id: string): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.passkey.deletePasskey({ id }));
}
