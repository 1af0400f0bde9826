const KEY_RE = /^[\w.:-]{8,100}$/;

/** Whether an Idempotency-Key header has the accepted shape (8–100 of letters, digits, `_.:-`). */
export function isWellFormedKey(key: string): boolean {
  return KEY_RE.test(key);
}
