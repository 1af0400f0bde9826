import { queryOptions, useQuery } from "@tanstack/react-query";
import { type TUsernameAvailability, ZUsername } from "@viewvault/shared";
import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";

/** GET /api/usernames/availability (public). Shared by sign-up and settings. */
export function getUsernameAvailability(
  username: string,
  signal?: AbortSignal,
): Promise<TUsernameAvailability> {
  return api.get<TUsernameAvailability>("/api/usernames/availability", {
    query: { username },
    signal,
  });
}

export const usernameAvailabilityQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ["usernames", "availability", username.toLowerCase()],
    queryFn: ({ signal }) => getUsernameAvailability(username, signal),
    staleTime: 30_000,
    retry: false,
  });

export type UsernameStatus =
  | "idle"
  | "checking"
  | "available"
  | "taken"
  | "invalid"
  | "yours"
  | "error";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * Live availability of a username while it is typed: waits 300 ms after the last keystroke,
 * checks only names that pass the shared rules, and treats `unchanged` as the member's own.
 */
export function useUsernameAvailability(
  value: string,
  { unchanged }: { unchanged?: string } = {},
): UsernameStatus {
  const trimmed = value.trim();
  const debounced = useDebounced(trimmed, 300);
  const valid = trimmed !== "" && ZUsername.safeParse(trimmed).success;
  const isOwn = unchanged !== undefined && trimmed.toLowerCase() === unchanged.toLowerCase();
  const query = useQuery({
    ...usernameAvailabilityQueryOptions(debounced),
    enabled: valid && !isOwn && debounced === trimmed,
  });
  if (trimmed === "") return "idle";
  if (isOwn) return "yours";
  if (!valid) return "invalid";
  if (debounced !== trimmed || query.isPending) return "checking";
  if (query.isError || !query.data) return "error";
  if (query.data.available) return "available";
  return query.data.reason ?? "taken";
}
