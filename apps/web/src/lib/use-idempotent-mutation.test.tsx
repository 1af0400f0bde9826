import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient } from "./query-client";
import { endsIntent, useIdempotentMutation } from "./use-idempotent-mutation";

type Outcome = "ok" | ApiError;

/** A fetcher whose answers the test decides, one per call, recording the keys it was sent. */
function fetcher() {
  const keys: string[] = [];
  const answers: Array<(outcome: Outcome) => void> = [];
  const mutationFn = vi.fn(
    (_variables: { amount: string }, key: string) =>
      new Promise<string>((resolve, reject) => {
        keys.push(key);
        answers.push((outcome) => (outcome === "ok" ? resolve(key) : reject(outcome)));
      }),
  );
  /** Answers the oldest unanswered call. */
  const answer = async (outcome: Outcome) => {
    await waitFor(() => expect(answers.length).toBeGreaterThan(0));
    const next = answers.shift();
    if (!next) throw new Error("no request to answer");
    await act(async () => next(outcome));
  };
  /** Waits until `count` requests were sent (TanStack Query calls the fetcher a tick later). */
  const sent = (count: number) => waitFor(() => expect(keys).toHaveLength(count));
  return { keys, mutationFn, answer, sent };
}

function setup() {
  const api = fetcher();
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useIdempotentMutation({ mutationFn: api.mutationFn }), {
    wrapper,
  });
  const mutate = (amount = "100") => {
    let started = false;
    act(() => {
      started = hook.result.current.mutate({ amount });
    });
    return started;
  };
  const settled = () => waitFor(() => expect(hook.result.current.isPending).toBe(false));
  return { ...api, hook, mutate, settled };
}

const refused = () => new ApiError("INSUFFICIENT_BALANCE", "Insufficient balance", 422);
const lost = () => new ApiError("NETWORK_ERROR", "fetch failed", 0);

describe("useIdempotentMutation", () => {
  it("ignores a second click while the first request runs (synchronously) and is pending", async () => {
    const s = setup();
    let first = false;
    let second = false;
    act(() => {
      // Both clicks land before React re-renders.
      first = s.hook.result.current.mutate({ amount: "100" });
      second = s.hook.result.current.mutate({ amount: "100" });
    });
    expect([first, second]).toEqual([true, false]);
    await s.sent(1);
    expect(s.hook.result.current.isPending).toBe(true);
    expect(s.mutate()).toBe(false);
    expect(s.mutationFn).toHaveBeenCalledTimes(1);
    await s.answer("ok");
    await s.settled();
    expect(s.hook.result.current.isSuccess).toBe(true);
  });

  it("keeps the key after a network failure or a 5xx, so the retry replays the same intent", async () => {
    const s = setup();
    s.mutate();
    await s.answer(lost());
    await s.settled();
    s.mutate();
    await s.answer(new ApiError("INTERNAL", "boom", 500));
    await s.settled();
    s.mutate();
    await s.sent(3);
    expect(new Set(s.keys).size).toBe(1);
    expect(s.keys[0]).toMatch(/^[\w-]{8,100}$/);
  });

  it("starts a new intent after a success", async () => {
    const s = setup();
    s.mutate();
    await s.answer("ok");
    await s.settled();
    s.mutate();
    await s.sent(2);
    expect(s.keys[1]).not.toBe(s.keys[0]);
  });

  it("ignores the second click of a double click that comes after a fast success", async () => {
    const s = setup();
    s.mutate();
    await s.answer("ok");
    await waitFor(() => expect(s.hook.result.current.isSuccess).toBe(true));
    // The button stays disabled for the rest of the double click, and a click does nothing.
    expect(s.hook.result.current.isPending).toBe(true);
    expect(s.mutate()).toBe(false);
    await s.settled();
    expect(s.keys).toHaveLength(1);
  });

  it("starts a new intent after a refusal (4xx)", async () => {
    const s = setup();
    s.mutate();
    await s.answer(refused());
    await s.settled();
    expect(s.hook.result.current.error).toBeInstanceOf(ApiError);
    s.mutate();
    await s.sent(2);
    expect(s.keys[1]).not.toBe(s.keys[0]);
  });

  it("starts a new intent when the input changes", async () => {
    const s = setup();
    s.mutate("100");
    await s.answer(lost());
    await s.settled();
    s.mutate("200");
    await s.answer(lost());
    await s.settled();
    s.mutate("200");
    await s.sent(3);
    expect(s.keys[1]).not.toBe(s.keys[0]);
    expect(s.keys[2]).toBe(s.keys[1]);
  });

  it("calls the hook's and the click's callbacks with the variables", async () => {
    const api = fetcher();
    const onSuccess = vi.fn();
    const clicked = vi.fn();
    const { result } = renderHook(
      () => useIdempotentMutation({ mutationFn: api.mutationFn, onSuccess }),
      {
        wrapper: ({ children }) => (
          <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
        ),
      },
    );
    act(() => {
      result.current.mutate({ amount: "5" }, { onSuccess: clicked });
    });
    await api.answer("ok");
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(onSuccess).toHaveBeenCalledWith(api.keys[0], { amount: "5" });
    expect(clicked).toHaveBeenCalledWith(api.keys[0], { amount: "5" });
  });
});

describe("endsIntent", () => {
  it("ends on a refusal, not on what may have moved the money", () => {
    expect(endsIntent(refused())).toBe(true);
    expect(endsIntent(new ApiError("VALIDATION_FAILED", "bad", 400))).toBe(true);
    expect(endsIntent(lost())).toBe(false);
    expect(endsIntent(new ApiError("INTERNAL", "boom", 500))).toBe(false);
    expect(endsIntent(new ApiError("RATE_LIMITED", "slow down", 429))).toBe(false);
    expect(
      endsIntent(
        new ApiError("CONFLICT", "running", 409, undefined, { context: "idempotencyInProgress" }),
      ),
    ).toBe(false);
    expect(endsIntent(new TypeError("boom"))).toBe(false);
  });
});
