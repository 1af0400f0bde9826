/// <reference lib="webworker" />
/**
 * Solves the session's proof-of-work challenge (altcha's SHA-256 scheme, ADR 046) off the main
 * thread while the content plays: the number n ≤ maxnumber with hash(salt + n) = challenge.
 * No network: WebCrypto only.
 */
interface Job {
  algorithm: string;
  challenge: string;
  salt: string;
  maxnumber: number;
}

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

self.onmessage = async (event: MessageEvent<Job>) => {
  const { algorithm, challenge, salt, maxnumber } = event.data;
  const encoder = new TextEncoder();
  for (let n = 0; n <= maxnumber; n++) {
    const digest = await crypto.subtle.digest(algorithm, encoder.encode(salt + n));
    if (hex(digest) === challenge) {
      self.postMessage({ number: n });
      return;
    }
  }
  self.postMessage({ number: null });
};
