import { QueryClient, QueryObserver } from "@tanstack/react-query";
import type { TBalances } from "@viewvault/shared";
import { afterEach, describe, expect, it } from "vitest";
import { balancesQueryKey } from "./get-balances";
import { applyBalancesEvent, refetchAfterChange } from "./live-balances";

/** A read whose answer the test gives when it wants (a request still on the wire). */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const balances = (views: string): TBalances => ({
  views,
  usdt: "0",
  pendingUsdt: "0",
  heldViews: "0",
  heldNextClearAt: null,
});

let client: QueryClient;
afterEach(() => client.clear());

/** A query shown on screen (one observer), whose reads answer in the order the test says. */
function shownQuery<T>(queryKey: readonly unknown[], reads: Array<Promise<T>>) {
  let calls = 0;
  const observer = new QueryObserver<T>(client, {
    queryKey,
    queryFn: () => reads[calls++] as Promise<T>,
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unsubscribe, calls: () => calls };
}

describe("refetchAfterChange", () => {
  it("reads again when the change arrives while the first read is still on the wire", async () => {
    client = new QueryClient();
    const before = deferred<{ bonuses: string[] }>();
    const after = deferred<{ bonuses: string[] }>();
    const rewards = shownQuery(["money", "rewards"], [before.promise, after.promise]);
    expect(rewards.calls()).toBe(1);

    // The bonus is granted after the first read left: the stream says so before it answers.
    await refetchAfterChange(client, { queryKey: ["money", "rewards"] });
    before.resolve({ bonuses: [] });
    after.resolve({ bonuses: ["Launch week"] });

    await expect
      .poll(() => client.getQueryData(["money", "rewards"]))
      .toEqual({ bonuses: ["Launch week"] });
    expect(rewards.calls()).toBe(2);
    rewards.unsubscribe();
  });

  it("reads a query with data again, and leaves queries nobody shows alone", async () => {
    client = new QueryClient();
    const first = deferred<number>();
    const second = deferred<number>();
    const shown = shownQuery(["events"], [first.promise, second.promise]);
    first.resolve(1);
    await expect.poll(() => client.getQueryData(["events"])).toBe(1);
    client.setQueryData(["events", "hidden"], "kept");

    await refetchAfterChange(client, { queryKey: ["events"] });
    second.resolve(2);

    await expect.poll(() => client.getQueryData(["events"])).toBe(2);
    expect(client.getQueryData(["events", "hidden"])).toBe("kept");
    expect(client.getQueryState(["events", "hidden"])?.isInvalidated).toBe(true);
    shown.unsubscribe();
  });
});

describe("applyBalancesEvent", () => {
  it("keeps the event's balances when an older read of them answers afterwards", async () => {
    client = new QueryClient();
    const older = deferred<TBalances>();
    const shown = shownQuery(balancesQueryKey, [older.promise]);

    await applyBalancesEvent(client, balances("200"));
    older.resolve(balances("100"));
    await older.promise;
    await new Promise((r) => setTimeout(r, 0));

    expect(client.getQueryData(balancesQueryKey)).toEqual(balances("200"));
    shown.unsubscribe();
  });

  it("reads the money lists again when the balances moved, not when they did not", async () => {
    client = new QueryClient();
    client.setQueryData(balancesQueryKey, balances("100"));
    const reads = [deferred<string[]>(), deferred<string[]>()];
    reads[0]?.resolve(["first"]);
    const activity = shownQuery(
      ["money", "activity"],
      reads.map((r) => r.promise),
    );
    await expect.poll(() => client.getQueryData(["money", "activity"])).toEqual(["first"]);

    await applyBalancesEvent(client, balances("100"));
    expect(activity.calls()).toBe(1);

    await applyBalancesEvent(client, balances("150"));
    reads[1]?.resolve(["first", "second"]);
    await expect
      .poll(() => client.getQueryData(["money", "activity"]))
      .toEqual(["first", "second"]);
    expect(activity.calls()).toBe(2);
    activity.unsubscribe();
  });
});
