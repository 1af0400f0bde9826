import { useMutation } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { ApiError } from "./api-client";

/**
 * Every money-moving button goes through this hook: a double click, a retry after a lost answer
 * or a tap on a slow phone can never move money twice.
 *
 * - One `Idempotency-Key` per user intent. An intent is the variables (their fingerprint): the
 *   key is created on the first `mutate` and reused by every later `mutate` with the same
 *   variables, until the intent is over.
 * - The intent is over when it succeeds, or when the server refuses it (a 4xx: the next attempt
 *   is a new intent with a new key). A network failure, a 5xx, a rate limit (429) or "the first
 *   request with this key is still running" keep the key, so the retry replays the first request
 *   on the server instead of repeating it.
 * - Other variables are another intent: a new key.
 * - While a request runs, `mutate` does nothing and returns false — decided synchronously with a
 *   ref, before React re-renders with `isPending`, so the second click of a double click is
 *   ignored even if it lands in the same frame.
 * - After a success, `mutate` keeps ignoring clicks for `AFTER_SUCCESS_GUARD_MS` and `isPending`
 *   stays true (the button stays disabled): when the answer is faster than the double click, the
 *   second click must not start a new intent — least of all on another row's button that the
 *   re-rendered list moved under the pointer.
 * - `isPending` is what the button needs: `disabled={mutation.isPending}`.
 *
 * The fetcher takes the key as an argument (`(variables, idempotencyKey) => api.post(…,
 * { idempotencyKey })`); it never creates one itself.
 */
/** How long after a success a click still counts as the rest of the same double click. */
export const AFTER_SUCCESS_GUARD_MS = 500;

export function useIdempotentMutation<TData, TVariables = void>(
  options: IdempotentMutationOptions<TData, TVariables>,
): IdempotentMutation<TData, TVariables> {
  const { mutationFn, fingerprint = defaultFingerprint, onSuccess, onError, onSettled } = options;
  const intent = useRef<{ fingerprint: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const [cooling, setCooling] = useState(false);

  const mutation = useMutation<TData, unknown, Attempt<TVariables>>({
    mutationFn: ({ variables, key }) => mutationFn(variables, key),
    onSuccess: async (data, attempt) => {
      if (intent.current?.key === attempt.key) intent.current = null;
      await onSuccess?.(data, attempt.variables);
    },
    onError: async (error, attempt) => {
      if (endsIntent(error) && intent.current?.key === attempt.key) intent.current = null;
      await onError?.(error, attempt.variables);
    },
    onSettled: async (data, error, attempt) => {
      if (error) inFlight.current = false;
      else {
        setCooling(true);
        setTimeout(() => {
          inFlight.current = false;
          setCooling(false);
        }, AFTER_SUCCESS_GUARD_MS);
      }
      await onSettled?.(data, error, attempt.variables);
    },
  });
  const { mutate: run } = mutation;

  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateCallbacks<TData, TVariables>): boolean => {
      if (inFlight.current) return false;
      inFlight.current = true;
      const print = fingerprint(variables);
      if (intent.current?.fingerprint !== print) {
        intent.current = { fingerprint: print, key: newIdempotencyKey() };
      }
      run(
        { variables, key: intent.current.key },
        callbacks && {
          onSuccess: (data) => callbacks.onSuccess?.(data, variables),
          onError: (error) => callbacks.onError?.(error, variables),
          onSettled: (data, error) => callbacks.onSettled?.(data, error, variables),
        },
      );
      return true;
    },
    [fingerprint, run],
  );

  return {
    mutate,
    isPending: mutation.isPending || cooling,
    isSuccess: mutation.isSuccess,
    isError: mutation.isError,
    error: mutation.error,
    data: mutation.data,
    reset: mutation.reset,
  };
}

export type IdempotentMutationOptions<TData, TVariables> = {
  /** The fetcher: sends `idempotencyKey` as the `Idempotency-Key` header. */
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
  /** What makes two attempts the same intent (default: the variables as JSON, bigint as text). */
  fingerprint?: (variables: TVariables) => string;
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: unknown, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: unknown, variables: TVariables) => unknown;
};

/** Per-click callbacks (they run only while the component is mounted, as in TanStack Query). */
export type MutateCallbacks<TData, TVariables> = {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
  onSettled?: (data: TData | undefined, error: unknown, variables: TVariables) => void;
};

export type IdempotentMutation<TData, TVariables> = {
  /** Starts the intent's request; false (and nothing sent) while one is already running. */
  mutate: (variables: TVariables, callbacks?: MutateCallbacks<TData, TVariables>) => boolean;
  /** True from the click until the answer: disable the button with it. */
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  data: TData | undefined;
  reset: () => void;
};

type Attempt<TVariables> = { variables: TVariables; key: string };

/**
 * Whether a failure ends the intent (the next attempt gets a new key): a refusal (4xx) does; a
 * lost answer, a server failure, a rate limit or a still-running first request do not, because
 * the request may have moved the money (or may still) and only the same key can say so.
 */
export function endsIntent(error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.refused) return false;
  if (error.status === 429) return false;
  return !(error.code === "CONFLICT" && error.params?.context === "idempotencyInProgress");
}

function defaultFingerprint(variables: unknown): string {
  return (
    JSON.stringify(variables, (_key, value: unknown) =>
      typeof value === "bigint" ? value.toString() : value,
    ) ?? ""
  );
}

/** A fresh key; only this hook creates them. */
function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
