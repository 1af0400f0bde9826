import type { IncomingMessage, ServerResponse } from "node:http";
import type { TBalances } from "@viewvault/shared";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { balancesDto, readBalances } from "../ledger/ledger.repository";

export async function getBalances(db: Db, profileId: string): Promise<TBalances> {
  return balancesDto(await readBalances(db, profileId));
}

const HEARTBEAT_MS = 25_000;
const NOTIFY_COALESCE_MS = 200;

/**
 * Server-sent events: the member's balances now, then again whenever the ledger changes them
 * (on any instance, through the realtime plugin), `events` when a daily or annual winner is
 * known, `rewards` when the member is granted a bonus, `notifications` when they have a new
 * notification (the bell reads its count again), with a comment line as keep-alive.
 */
export async function streamBalances(
  app: Pick<FastifyInstance, "db" | "realtime" | "lifecycle">,
  profileId: string,
  request: IncomingMessage,
  raw: ServerResponse,
): Promise<void> {
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  // One read at a time: notices that arrive during a read ask for one more read after it, so
  // reads cannot finish out of order and leave an older balance as the stream's last event.
  let reading: Promise<void> | null = null;
  let again = false;
  const send = async (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        const balances = await getBalances(app.db, profileId);
        if (!raw.writableEnded) raw.write(`event: balances\ndata: ${JSON.stringify(balances)}\n\n`);
      } while (again);
    })().finally(() => {
      reading = null;
    });
    return reading;
  };
  const unsubscribe = app.realtime.subscribe(profileId, () => {
    send().catch(() => undefined);
  });
  // A daily or annual winner (every stream), a bonus granted (its member's streams): the page
  // refetches what it shows.
  // New notifications come one NOTIFY per cause: a burst is told once per NOTIFY_COALESCE_MS.
  let notifyTimer: NodeJS.Timeout | undefined;
  const unannounce = app.realtime.onAnnounce((event, members) => {
    if (members !== null && !members.includes(profileId)) return;
    if (event !== "notifications") {
      raw.write(`event: ${event}\ndata: {}\n\n`);
      return;
    }
    notifyTimer ??= setTimeout(() => {
      notifyTimer = undefined;
      if (!raw.writableEnded) raw.write("event: notifications\ndata: {}\n\n");
    }, NOTIFY_COALESCE_MS);
  });
  const heartbeat = setInterval(() => raw.write(": keep-alive\n\n"), HEARTBEAT_MS);
  // A draining instance ends the stream; the browser reconnects (to another instance) after a
  // second and gets the balances as they are then.
  const untrack = app.lifecycle.track(() => raw.end("retry: 1000\n\n"));
  request.on("close", () => {
    clearInterval(heartbeat);
    clearTimeout(notifyTimer);
    unsubscribe();
    unannounce();
    untrack();
  });
  await send();
}
