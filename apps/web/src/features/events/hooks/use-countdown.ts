import { useEffect, useState } from "react";
import { serverOffsetMs } from "@/lib/server-clock";

/** Seconds until `target` by the server's clock (estimated from `serverNow` and `receivedAt`). */
export function useCountdown(
  target: string | null | undefined,
  serverNow: string | undefined,
  receivedAt: number | undefined,
): number | null {
  const offset = serverOffsetMs(serverNow, receivedAt ?? 0);
  const compute = () =>
    target
      ? Math.max(0, Math.ceil((new Date(target).getTime() - (Date.now() + offset)) / 1000))
      : null;
  const [seconds, setSeconds] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compute reads target and offset.
  useEffect(() => {
    setSeconds(compute());
    if (!target) return;
    const timer = setInterval(() => setSeconds(compute()), 1000);
    return () => clearInterval(timer);
  }, [target, offset]);
  return seconds;
}

/** "HH:MM:SS", with the days apart: { days, time }. */
export function splitDuration(seconds: number): { days: number; time: string } {
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    days,
    time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
}
