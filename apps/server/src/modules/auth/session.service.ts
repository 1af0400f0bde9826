import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { findProfileByAuthUid, type ProfileRow } from "../profiles/profiles.repository";
import { findSessionMember } from "./sessions.repository";

export type SessionMember = NonNullable<Awaited<ReturnType<typeof findSessionMember>>>;

/** What tells the cache that members changed (the realtime plugin). */
export interface MemberChanges {
  onMemberChanged(listener: (authUid: string) => void): () => void;
  onReset(listener: () => void): () => void;
  /** False while changes may be missed: the cache is bypassed then. */
  connected(): boolean;
}

/**
 * Signed-in members by session token, cached per process (ADR 013): a request costs no session
 * query while the member is cached. Every change to a session, profile or user — sign-out,
 * revocation, suspension, role or profile edits, on any instance — reaches every instance through
 * the database's NOTIFY and evicts that member at once; while the listening connection is down
 * nothing is cached. A generation counter keeps a lookup that raced an eviction from being stored.
 */
export function createSessionCache(
  db: Db,
  clock: Clock,
  changes: MemberChanges,
  options: { max?: number; ttlMs?: number } = {},
) {
  const tokensOf = new Map<string, Set<string>>();
  let generation = 0;
  const cache = new LRUCache<string, SessionMember>({
    max: options.max ?? 100_000,
    ttl: options.ttlMs ?? 5 * 60_000,
    dispose: (member, token) => {
      const tokens = tokensOf.get(member.user.id);
      tokens?.delete(token);
      if (tokens?.size === 0) tokensOf.delete(member.user.id);
    },
  });
  changes.onMemberChanged((authUid) => {
    generation++;
    for (const token of [...(tokensOf.get(authUid) ?? [])]) cache.delete(token);
  });
  changes.onReset(() => {
    generation++;
    cache.clear();
  });

  return {
    /** A live session with its user and profile, by session token, or undefined. */
    async memberOf(token: string): Promise<SessionMember | undefined> {
      const cached = cache.get(token);
      if (cached && cached.session.expiresAt > clock.now()) return cached;
      const started = generation;
      const found = await findSessionMember(db, token);
      if (found && changes.connected() && started === generation) {
        cache.set(token, Object.freeze(found));
        let tokens = tokensOf.get(found.user.id);
        if (!tokens) {
          tokens = new Set();
          tokensOf.set(found.user.id, tokens);
        }
        tokens.add(token);
      }
      return found;
    },
  };
}

/** The profile of an authenticated user (Better Auth's user id). */
export function profileOfUser(db: Db, authUid: string): Promise<ProfileRow | undefined> {
  return findProfileByAuthUid(db, authUid);
}
