import { createHash } from "node:crypto";

export interface BreachCheckOptions {
  /** The range API, e.g. https://api.pwnedpasswords.com/range/ (the prefix is appended). */
  url: string;
  timeoutMs?: number;
}

/**
 * Whether a password appears in Have I Been Pwned's list, by its range API (k-anonymity: only the
 * first 5 hex characters of the SHA-1 leave the server; the answer lists every suffix with that
 * prefix, padded so its size says nothing). Null when the service cannot be reached or answers
 * nonsense: the caller lets its other rules decide (ADR 070).
 */
export async function isBreachedPassword(
  password: string,
  opts: BreachCheckOptions,
): Promise<boolean | null> {
  const hash = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  try {
    const response = await fetch(`${opts.url}${prefix}`, {
      headers: { "Add-Padding": "true", "user-agent": "ViewVault password check" },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 3_000),
    });
    if (!response.ok) return null;
    const body = await response.text();
    for (const line of body.split("\n")) {
      const [candidate, count] = line.trim().split(":");
      if (candidate === suffix) return Number(count) > 0;
    }
    return false;
  } catch {
    return null;
  }
}
