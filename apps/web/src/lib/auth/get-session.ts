import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
  username?: string | null;
  twoFactorEnabled?: boolean | null;
};

export type Session = {
  id: string;
  userId: string;
  /** Identifies this device in the sessions list. */
  token: string;
  expiresAt: string;
};

export type SessionPayload = { user: SessionUser; session: Session };

/**
 * The current session, or null when signed out (any failure counts as signed out). A plain
 * request to Better Auth's endpoint, so every page can know who is signed in without
 * downloading the Better Auth client.
 */
export async function getSession(): Promise<SessionPayload | null> {
  try {
    return asSession(await apiFetch<SessionPayload | null>("/api/auth/get-session"));
  } catch {
    return null;
  }
}

const asSession = (body: SessionPayload | null | undefined) =>
  body && typeof body === "object" && body.user && body.session ? body : null;

export const sessionQueryKey = ["auth", "session"] as const;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    // The document's answer (ADR 065), so the first render already knows who is signed in.
    initialData: () => {
      const inlined = inlinedInitialData<SessionPayload | null>("/api/auth/get-session");
      return inlined === undefined ? undefined : asSession(inlined);
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}
