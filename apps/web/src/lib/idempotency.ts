import { useCallback, useRef } from "react";
import { newIdempotencyKey } from "./api-client";

/**
 * One Idempotency-Key per member submission. `keyFor(request)` returns the same key while the
 * request is the same (a double click, a retry after a network failure), so the server moves
 * the money once; a different request, or any request after `settle()`, gets a new key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((request: unknown): string => {
    const fingerprint = JSON.stringify(request);
    if (current.current?.fingerprint !== fingerprint) {
      current.current = { fingerprint, key: newIdempotencyKey() };
    }
    return current.current.key;
  }, []);
  /** The attempt is over (it succeeded, or the server refused it): the next one is new. */
  const settle = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, settle };
}
