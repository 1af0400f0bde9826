import { useEffect, useState } from "react";
import { serverOffsetMs } from "@/lib/server-clock";

/**
 * The server's "now", re-read every `everyMs` (30 s by default: boost badges show minutes), from
 * the server time of an answer and the browser time that answer arrived.
 */
export function useServerNow(
  serverTime: string | null | undefined,
  receivedAt: number,
  everyMs = 30_000,
): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now + serverOffsetMs(serverTime, receivedAt);
}
