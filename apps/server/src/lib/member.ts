import type { profiles } from "../db/schema";

/** A profile as stored (the shape every layer passes around for the signed-in member). */
export type ProfileRow = typeof profiles.$inferSelect;

/** The signed-in member behind a request (set by the auth plugin's guards). */
export interface Member {
  userId: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  sessionId: string;
  sessionToken: string;
  profile: ProfileRow;
}

/** A live session with its user and profile, as a session lookup returns it. */
export interface SessionMember {
  user: { id: string; email: string; emailVerified: boolean; twoFactorEnabled?: boolean | null };
  session: { id: string; token: string; updatedAt: Date; expiresAt: Date };
  profile: ProfileRow;
}

/**
 * The header that carries the client address Fastify resolved (trust proxy applied) into the
 * auth library's requests: the auth plugin sets it, the auth module reads it.
 */
export const CLIENT_IP_HEADER = "x-viewvault-client-ip";
