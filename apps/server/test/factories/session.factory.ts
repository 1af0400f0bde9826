import { createHmac, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sessions } from "../../src/db/schema";
import { BROWSER_USER_AGENT, type Client, client, freshIp } from "../accounts";

/** What the signed-in client and the session factory need from the running app's Better Auth. */
export async function authOf(
  app: FastifyInstance,
): Promise<{ secret: string; cookieName: string; expiresInSeconds: number }> {
  const context = await app.auth.$context;
  return {
    secret: context.secret,
    cookieName: context.authCookies.sessionToken.name,
    expiresInSeconds: context.sessionConfig.expiresIn,
  };
}

/** Better Auth's signed cookie value: `token.base64(HMAC-SHA256(secret, token))`, URL-encoded. */
export function signedSessionCookie(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

/**
 * A session row, as Better Auth writes one at sign-in (its own timestamps are wall-clock time,
 * whatever clock the app runs on).
 */
export async function createSession(
  app: FastifyInstance,
  authUid: string,
  device: { ip: string; userAgent?: string },
): Promise<{ id: string; token: string }> {
  const { expiresInSeconds } = await authOf(app);
  const now = new Date();
  const session = {
    id: randomBytes(24).toString("base64url"),
    token: randomBytes(24).toString("base64url"),
  };
  await app.db.insert(sessions).values({
    ...session,
    userId: authUid,
    expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
    createdAt: now,
    updatedAt: now,
    ipAddress: device.ip,
    userAgent: device.userAgent ?? BROWSER_USER_AGENT,
  });
  return session;
}

/**
 * A client (see `client()` in test/accounts.ts) signed in as the member, without signing in over
 * HTTP: a session row and the signed session cookie the server accepts.
 */
export async function signedInClient(
  app: FastifyInstance,
  member: { authUid: string },
  ip = freshIp(),
): Promise<Client> {
  const { secret, cookieName } = await authOf(app);
  const c = client(app, ip);
  const { token } = await createSession(app, member.authUid, { ip });
  c.setCookie(cookieName, signedSessionCookie(token, secret));
  return c;
}
