import { useQueryClient } from "@tanstack/react-query";
import type { Locale, TMe, TProfile, TUpdateProfileRequest } from "@viewvault/shared";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { meQueryKey, useMeQuery } from "./get-me";
import { type Session, type SessionUser, sessionQueryKey, useSessionQuery } from "./get-session";
import { updateProfile as patchProfile } from "./update-profile";

/** The Better Auth calls, loaded (with the client) the first time one is needed. */
const actions = () => import("./auth-actions");

export type SignUpInput = {
  username: string;
  email: string;
  password: string;
  locale: Locale;
  /** The inviter's profile id, or the raw `ref` value when it could not be resolved. */
  referralId?: string;
};

export type SignInInput = { email: string; password: string };

/** `deletionCancelled`: this sign-in cancelled the member's scheduled account deletion. */
export type SignInResult = { twoFactorRequired: boolean; deletionCancelled: boolean };

export type TwoFactorInput = {
  code: string;
  method: "totp" | "backup";
  trustDevice?: boolean;
};

export type AuthState = {
  user: SessionUser | null;
  session: Session | null;
  profile: TProfile | null;
  /** Account flags and notification preferences (GET /api/me). */
  me: TMe | null;
  /** True until the session (and, when signed in, the profile) has been looked up. */
  loading: boolean;
  /** Creates the account; the member must confirm the e-mail before signing in. */
  signUp: (input: SignUpInput) => Promise<void>;
  signIn: (input: SignInInput) => Promise<SignInResult>;
  /** Signs in with a passkey (the button, or the browser's offer in the e-mail field). */
  signInWithPasskey: (autoFill: boolean) => Promise<{ deletionCancelled: boolean }>;
  /** Second step of a sign-in when the account has two-factor authentication. */
  verifyTwoFactor: (input: TwoFactorInput) => Promise<{ deletionCancelled: boolean }>;
  signOut: () => Promise<void>;
  /** Rejects with "No user logged in" when nobody is signed in (seed). */
  updateProfile: (patch: TUpdateProfileRequest) => Promise<TMe>;
  /** Looks the session and profile up again (after sign-in, 2FA changes…). */
  refresh: () => Promise<void>;
  /** True after the member signed out here: guards send them home rather than to /auth. */
  signedOut: boolean;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [signedOut, setSignedOut] = useState(false);
  const sessionQuery = useSessionQuery();
  const user = sessionQuery.data?.user ?? null;
  const meQuery = useMeQuery(Boolean(user));
  const me = user ? (meQuery.data ?? null) : null;

  // Session, profile and the sessions list all live under ["auth", …].
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ["auth"] });
  }, [queryClient]);

  const signUp = useCallback(async (input: SignUpInput) => {
    await (await actions()).signUp(input);
  }, []);

  const signIn = useCallback(
    async (input: SignInInput): Promise<SignInResult> => {
      const result = await (await actions()).signIn(input);
      setSignedOut(false);
      if (!result.twoFactorRequired) await refresh();
      return result;
    },
    [refresh],
  );

  const signInWithPasskey = useCallback(
    async (autoFill: boolean) => {
      const result = await (await actions()).signInWithPasskey(autoFill);
      setSignedOut(false);
      await refresh();
      return result;
    },
    [refresh],
  );

  const verifyTwoFactor = useCallback(
    async (input: TwoFactorInput) => {
      const result = await (await actions()).verifyTwoFactor(input);
      await refresh();
      return result;
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    await (await actions()).signOut();
    setSignedOut(true);
    // Nothing of the previous member may stay in the cache.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
    queryClient.removeQueries({ queryKey: meQueryKey });
    queryClient.setQueryData(sessionQueryKey, null);
  }, [queryClient]);

  const updateProfile = useCallback(
    async (patch: TUpdateProfileRequest) => {
      if (!user) throw new Error("No user logged in");
      const next = await patchProfile(patch);
      queryClient.setQueryData(meQueryKey, next);
      return next;
    },
    [user, queryClient],
  );

  const loading = sessionQuery.isPending || (Boolean(user) && meQuery.isPending);

  const value = useMemo<AuthState>(
    () => ({
      user,
      session: sessionQuery.data?.session ?? null,
      profile: me?.profile ?? null,
      me,
      loading,
      signUp,
      signIn,
      signInWithPasskey,
      verifyTwoFactor,
      signOut,
      updateProfile,
      refresh,
      signedOut,
    }),
    [
      signedOut,
      user,
      sessionQuery.data,
      me,
      loading,
      signUp,
      signIn,
      signInWithPasskey,
      verifyTwoFactor,
      signOut,
      updateProfile,
      refresh,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

/** Keeps `?redirect=` on this site: only same-origin paths are followed. */
export function safeRedirect(value: string | null | undefined, fallback = "/dashboard"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
