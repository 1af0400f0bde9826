/**
 * How far the server's clock is ahead of this browser's (negative: behind), from a server
 * timestamp and the browser time its answer arrived. Timers that must agree with the server
 * (boost badges, the watch session) add it to `Date.now()`.
 */
export function serverOffsetMs(serverTime: string | null | undefined, receivedAt: number): number {
  if (!serverTime) return 0;
  const server = new Date(serverTime).getTime();
  return Number.isFinite(server) && receivedAt > 0 ? server - receivedAt : 0;
}
