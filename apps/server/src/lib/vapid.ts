import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID key pair that signs Web Push requests (ADR 059). Production must set
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (env validation enforces it: every instance must sign
 * with the same pair, or browsers' subscriptions break); elsewhere a pair is generated once and
 * kept in the data directory, like the auth secret (lib/secret.ts).
 */
export function resolveVapidKeys(
  configured: { publicKey?: string | undefined; privateKey?: string | undefined },
  subject: string,
  dataDir: string,
): VapidKeys {
  if (configured.publicKey && configured.privateKey)
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as {
      publicKey: string;
      privateKey: string;
    };
    return { ...saved, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  // Written whole, then renamed into place: an instance starting at the same moment reads either
  // no file or a complete one, never half of it.
  const partial = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, JSON.stringify(keys), { mode: 0o600 });
  renameSync(partial, file);
  return { ...keys, subject };
}
