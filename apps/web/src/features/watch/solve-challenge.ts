import type { TWatchSession } from "@viewvault/shared";

type Challenge = NonNullable<TWatchSession["challenge"]>;

/**
 * Solves a session's challenge in a Web Worker; resolves the base64 payload the completion sends
 * (altcha's format), or null when the worker found no number (a broken challenge).
 */
export function solveChallenge(challenge: Challenge): {
  promise: Promise<string | null>;
  stop(): void;
} {
  const worker = new Worker(new URL("./challenge.worker.ts", import.meta.url), { type: "module" });
  const promise = new Promise<string | null>((resolve) => {
    worker.onmessage = (event: MessageEvent<{ number: number | null }>) => {
      worker.terminate();
      const { number } = event.data;
      resolve(
        number === null
          ? null
          : btoa(
              JSON.stringify({
                algorithm: challenge.algorithm,
                challenge: challenge.challenge,
                number,
                salt: challenge.salt,
                signature: challenge.signature,
              }),
            ),
      );
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(null);
    };
    worker.postMessage({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      salt: challenge.salt,
      maxnumber: challenge.maxnumber,
    });
  });
  return { promise, stop: () => worker.terminate() };
}
