import type { TWatchSession } from "@viewvault/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { solveChallenge } from "../solve-challenge";

/**
 * What the completion proves besides the heartbeats (ADR 046): the session's challenge, solved in
 * a Web Worker while the content plays, and the human check a high-risk member passes where
 * configured (its widget is shown while the content plays and the completion waits for its token).
 */
export function useSessionProof() {
  const solution = useRef<{ promise: Promise<string | null>; stop(): void } | null>(null);
  const [captcha, setCaptcha] = useState<TWatchSession["captcha"]>(null);
  const captchaToken = useRef<{ token: string | null; waiters: Array<(t: string) => void> }>({
    token: null,
    waiters: [],
  });

  /** Starts solving the session's challenge (once per challenge) while the content plays. */
  const solveFor = useCallback((session: TWatchSession | null) => {
    setCaptcha(session?.captcha ?? null);
    if (!session?.challenge) return;
    solution.current?.stop();
    solution.current = solveChallenge(session.challenge);
  }, []);

  useEffect(() => () => solution.current?.stop(), []);

  /** The widget's token (null once it expired): a waiting completion goes on with it. */
  const onCaptchaToken = useCallback((token: string | null) => {
    const c = captchaToken.current;
    c.token = token;
    if (!token) return;
    for (const resolve of c.waiters.splice(0)) resolve(token);
  }, []);

  /** The challenge's answer and the human check's token, once both are there. */
  const proof = useCallback(
    (): Promise<[string | null, string | undefined]> =>
      Promise.all([
        solution.current?.promise ?? Promise.resolve(null),
        captcha
          ? new Promise<string>((resolve) => {
              const c = captchaToken.current;
              if (c.token) resolve(c.token);
              else c.waiters.push(resolve);
            })
          : Promise.resolve(undefined),
      ]),
    [captcha],
  );

  return { captcha, solveFor, onCaptchaToken, proof };
}
