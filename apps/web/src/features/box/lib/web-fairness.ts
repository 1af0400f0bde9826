import type { FairnessCrypto } from "@viewvault/shared";

const encoder = new TextEncoder();

/** WebCrypto is there only in secure contexts (https, localhost). */
export function canVerifyHere(): boolean {
  return typeof crypto !== "undefined" && typeof crypto.subtle?.importKey === "function";
}

/** The roll's primitives in the browser (the server uses node:crypto with the same algorithm). */
export const webFairness: FairnessCrypto = {
  async hmacSha256(key, message) {
    const hmacKey = await crypto.subtle.importKey(
      "raw",
      encoder.encode(key),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    return new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, encoder.encode(message)));
  },
  async sha256(text) {
    return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  },
};

/** The /fairness address that recomputes an opening from its inputs. */
export function fairnessHref(opening: {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}): string {
  const params = new URLSearchParams({
    serverSeed: opening.serverSeed,
    serverSeedHash: opening.serverSeedHash,
    clientSeed: opening.clientSeed,
    nonce: String(opening.nonce),
  });
  return `/fairness?${params.toString()}`;
}
