import { useEffect, useState } from "react";

/** Scores at or below this are refused by the password forms (zxcvbn: 0 and 1 are guessable). */
export const WEAKEST_REFUSED_SCORE = 1;

let engine: Promise<typeof import("./password-strength-engine")> | null = null;

/**
 * The zxcvbn score (0–4) of a password, or null while it is empty or the dictionaries are still
 * loading. The engine is a separate chunk fetched the first time a password form is used.
 */
export function usePasswordStrength(password: string, userInputs: string[] = []): number | null {
  const [score, setScore] = useState<number | null>(null);
  const inputs = userInputs.join("\u0000");
  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let live = true;
    engine ??= import("./password-strength-engine");
    void engine.then((module) => {
      if (live) setScore(module.score(password, inputs ? inputs.split("\u0000") : []));
    });
    return () => {
      live = false;
    };
  }, [password, inputs]);
  return score;
}
