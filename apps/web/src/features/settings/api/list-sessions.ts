import { queryOptions, useQuery } from "@tanstack/react-query";
import { callAuth, loadAuthClient } from "@/lib/auth";

export type DeviceSession = {
  id: string;
  token: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  expiresAt: string | Date;
};

/** Every active session of the member (Better Auth's list-sessions). */
export async function listSessions(): Promise<DeviceSession[]> {
  const client = await loadAuthClient();
  const sessions = await callAuth(() => client.listSessions());
  return (sessions ?? []) as DeviceSession[];
}

export const sessionsQueryKey = ["auth", "sessions"] as const;

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions, staleTime: 10_000 });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
