import type { profiles } from "../db/schema";

/** A profile as stored (the shape every layer passes around for the signed-in member). */
export type ProfileRow = typeof profiles.$inferSelect;

/** The signed-in member behind a request (set by the auth plugin's guards). */
export interface Member {
  userId: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** This session was opened with a user-verifying passkey: two factors in one (ADR 075). */
  passkeyVerified: boolean;
  sessionId: string;
  sessionToken: string;
  profile: ProfileRow;
}

/** A live session with its user and profile, as a session lookup returns it. */
export interface SessionMember {
  user: { id: string; email: string; emailVerified: boolean; twoFactorEnabled?: boolean | null };
  session: {
    id: string;
    token: string;
    updatedAt: Date;
    expiresAt: Date;
    passkeyVerified?: boolean | null;
  };
  profile: ProfileRow;
}

/**
 * The header that carries the client address Fastify resolved (trust proxy applied) into the
 * auth library's requests: the auth plugin sets it, the auth module reads it.
 */
export const CLIENT_IP_HEADER = "x-viewvault-client-ip";

/**
 * Whether the member signed in with two factors: TOTP on (every sign-in asks for it, or for a
 * user-verifying passkey), or this session opened with a user-verifying passkey. Staff pages
 * need it (ADR 075).
 */
export function signedInWithTwoFactors(
  member: Pick<Member, "twoFactorEnabled" | "passkeyVerified">,
): boolean {
  return member.twoFactorEnabled || member.passkeyVerified;
}
