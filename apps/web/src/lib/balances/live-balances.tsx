import {
  type InvalidateQueryFilters,
  type QueryClient,
  useQueryClient,
} from "@tanstack/react-query";
import type { TBalances } from "@viewvault/shared";
import { useEffect } from "react";
import { useAuth } from "@/lib/auth/auth-context";
import { notificationsQueryKey } from "@/lib/notifications/unread-count";
import { usePresenceHeartbeat } from "@/lib/presence/use-presence-heartbeat";
import { balancesQueryKey } from "./get-balances";

export const BALANCES_STREAM_URL = "/api/balances/stream";

/**
 * Query keys (first segment "money") whose lists change with a balance: swaps, transfers,
 * activity and referral totals are refetched (if shown) when the balances move.
 */
const MONEY_LISTS = [
  "swaps",
  "transfers",
  "activity",
  "referrals",
  "rewards",
  "withdrawals",
  "support",
  "watch-today",
];

function sameBalances(a: TBalances | undefined, b: TBalances): boolean {
  return (
    !!a &&
    a.views === b.views &&
    a.usdt === b.usdt &&
    a.pendingUsdt === b.pendingUsdt &&
    a.heldViews === b.heldViews &&
    a.heldNextClearAt === b.heldNextClearAt
  );
}

/**
 * Reads these queries again after a change the server announced. A read already in flight may
 * have left before the change, and TanStack Query keeps its answer: a query without data is not
 * read again while its first read runs (invalidating it only waits for that read). So the read in
 * flight is dropped first, then the queries are marked stale and the shown ones read again;
 * resolves once the reads have started.
 */
export async function refetchAfterChange(
  queryClient: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  await queryClient.cancelQueries(filters);
  // Not awaited: the next event need not wait for these reads.
  void queryClient.invalidateQueries(filters);
}

/**
 * Writes one `balances` event into the cache; refreshes the money lists when it changed. A read of
 * the balances in flight is dropped first, so an answer that left before the event cannot
 * overwrite it.
 */
export async function applyBalancesEvent(
  queryClient: QueryClient,
  balances: TBalances,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey: balancesQueryKey });
  const previous = queryClient.getQueryData<TBalances>(balancesQueryKey);
  queryClient.setQueryData(balancesQueryKey, balances);
  if (previous && !sameBalances(previous, balances)) {
    await refetchAfterChange(queryClient, {
      // The bell and the inbox too: a transfer received or an offer sold notifies without a
      // `notifications` event of its own (ADR 059).
      predicate: (query) =>
        (query.queryKey[0] === "money" && MONEY_LISTS.includes(String(query.queryKey[1]))) ||
        query.queryKey[0] === notificationsQueryKey[0],
    });
  }
}

/**
 * The member's view requests (the Request Views dialog's list): read again when the stream says
 * a waiting request was matched. Here, below the feature, because the stream refreshes it.
 */
export const viewRequestsQueryKey = ["videos", "view-requests"] as const;

/**
 * What each named event of the stream reads again: a daily or annual winner (every tab), a bonus
 * granted to this member, a waiting view request of this member matched by another's, a new
 * notification of this member (the bell and the inbox).
 */
const ANNOUNCED_QUERIES = {
  events: ["events"],
  rewards: ["money", "rewards"],
  viewRequests: viewRequestsQueryKey,
  notifications: notificationsQueryKey,
  // A withdrawal changed state (taken, sent, confirming, confirmed): the /withdraw history.
  withdrawals: ["money", "withdrawals"],
} as const satisfies Record<string, readonly string[]>;

type Announcement = keyof typeof ANNOUNCED_QUERIES;
const ANNOUNCEMENTS = Object.keys(ANNOUNCED_QUERIES) as Announcement[];

/** EventSource.CLOSED: the browser will not retry this connection. */
const CLOSED = 2;

/** Pause before reopening a stream the browser gave up on: 1 s, 2 s, 4 s … at most 30 s. */
function reconnectDelayMs(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

/**
 * One EventSource per signed-in tab on /api/balances/stream. Every `balances` event lands in
 * the TanStack Query cache, so every card that shows a balance updates without a reload; a named
 * event (`ANNOUNCED_QUERIES`: a new winner, a bonus granted, a view request matched) refetches
 * what shows it; a dropped stream is reopened (by the browser, or by us when the browser gives up). Also keeps the member's
 * presence (heartbeat). Renders nothing.
 */
export function LiveBalances() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  usePresenceHeartbeat(userId !== null);

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    // Events are applied one after another, in the order they came: a later balance always wins.
    let applied: Promise<void> = Promise.resolve();
    const inOrder = (apply: () => Promise<void>) => {
      applied = applied.then(apply).catch(() => undefined);
    };
    const onBalances = (event: MessageEvent<string>) => {
      let balances: TBalances;
      try {
        balances = JSON.parse(event.data) as TBalances;
      } catch {
        // A malformed event is ignored; the next one carries the full state again.
        return;
      }
      inOrder(() => applyBalancesEvent(queryClient, balances));
    };
    // A named event: refetch what shows it.
    const onAnnounced = Object.fromEntries(
      ANNOUNCEMENTS.map((name) => [
        name,
        () =>
          inOrder(() =>
            refetchAfterChange(queryClient, { queryKey: [...ANNOUNCED_QUERIES[name]] }),
          ),
      ]),
    ) as Record<Announcement, () => void>;
    const onOpen = () => {
      failures = 0;
    };
    // The browser retries a dropped stream by itself, but gives up for good when an answer is not
    // a 200 stream (a 502 while every instance restarts, a 503 while draining): then a new
    // EventSource is opened after a growing pause. The first event of every connection carries
    // the full balances, so a reconnected tab catches up.
    const onError = () => {
      if (!source || source.readyState !== CLOSED) return;
      close();
      failures += 1;
      retry = setTimeout(open, reconnectDelayMs(failures));
    };
    const open = () => {
      source = new EventSource(BALANCES_STREAM_URL, { withCredentials: true });
      source.addEventListener("open", onOpen);
      source.addEventListener("error", onError);
      source.addEventListener("balances", onBalances as EventListener);
      for (const name of ANNOUNCEMENTS) source.addEventListener(name, onAnnounced[name]);
    };
    const close = () => {
      if (!source) return;
      source.removeEventListener("open", onOpen);
      source.removeEventListener("error", onError);
      for (const name of ANNOUNCEMENTS) source.removeEventListener(name, onAnnounced[name]);
      source.removeEventListener("balances", onBalances as EventListener);
      source.close();
      source = null;
    };
    open();
    return () => {
      clearTimeout(retry);
      close();
    };
  }, [userId, queryClient]);

  return null;
}
