import { createHmac, timingSafeEqual } from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error";
import { type Auth, CLIENT_IP_HEADER } from "../modules/auth/auth";
import {
  findProfileByAuthUid,
  findSessionMember,
  type ProfileRow,
} from "../modules/profiles/profiles.repository";

export interface Member {
  userId: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  sessionId: string;
  sessionToken: string;
  profile: ProfileRow;
}

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
    /** onRequest guards: a signed-in, not suspended member; staff (support/admin with 2FA on); admin. */
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    member?: Member;
  }
}

/** Web Request headers for Better Auth, with the client IP as Fastify resolved it. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** The member behind the request (route handlers after requireMember). */
export function currentMember(request: FastifyRequest): Member {
  if (!request.member) throw new AppError("UNAUTHENTICATED");
  return request.member;
}

/**
 * Mounts Better Auth at /api/auth/* (a catch-all route that hands a Web Request to its handler
 * and copies every Set-Cookie back) and decorates the guards our own routes use.
 */
/**
 * The session token from Better Auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`):
 * undefined when there is no cookie, null when its signature is wrong.
 */
export function readSignedCookie(
  header: string | undefined,
  name: string,
  secret: string,
): string | null | undefined {
  if (!header) return undefined;
  let raw: string | undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) raw = part.slice(eq + 1).trim();
  }
  if (!raw) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { auth: Auth; publicUrl: string; secret: string }) => {
    const { auth } = opts;
    app.decorate("auth", auth);

    await app.register(async (scope) => {
      // Better Auth parses bodies itself: hand it the raw text, whatever the content type.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) =>
        done(null, body),
      );
      scope.route({
        method: ["GET", "POST"],
        url: "/api/auth/*",
        schema: { hide: true },
        async handler(request, reply) {
          const url = new URL(request.url, opts.publicUrl);
          const headers = authHeaders(request);
          headers.delete("content-length");
          const body =
            typeof request.body === "string" && request.body !== "" ? request.body : undefined;
          const response = await auth.handler(
            new Request(url, {
              method: request.method,
              headers,
              ...(body !== undefined ? { body } : {}),
            }),
          );
          reply.status(response.status);
          for (const [key, value] of response.headers) {
            if (key.toLowerCase() !== "set-cookie") reply.header(key, value);
          }
          const cookies = response.headers.getSetCookie();
          if (cookies.length) reply.header("set-cookie", cookies);
          const text = response.body ? await response.text() : null;
          return reply.send(text);
        },
      });
    });

    const context = await auth.$context;
    const cookieName = context.authCookies.sessionToken.name;
    const updateAgeMs = context.sessionConfig.updateAge * 1000;

    /**
     * Fast path: verify the signed session cookie ourselves and load session, account and profile
     * in one query. Better Auth's own getSession (more queries and its endpoint machinery) runs
     * only when the session is due for its daily refresh.
     */
    async function fastMember(request: FastifyRequest): Promise<Member | null | undefined> {
      const token = readSignedCookie(request.headers.cookie, cookieName, opts.secret);
      if (token === undefined) return undefined;
      if (token === null) return null;
      const found = await findSessionMember(app.db, token);
      if (!found) return null;
      if (app.clock.now().getTime() - found.session.updatedAt.getTime() > updateAgeMs)
        return undefined;
      if (found.profile.suspended) throw new AppError("ACCOUNT_SUSPENDED");
      return {
        userId: found.user.id,
        email: found.user.email,
        emailVerified: found.user.emailVerified,
        twoFactorEnabled: found.user.twoFactorEnabled ?? false,
        sessionId: found.session.id,
        sessionToken: found.session.token,
        profile: found.profile,
      };
    }

    async function loadMember(request: FastifyRequest): Promise<Member> {
      if (request.member) return request.member;
      const fast = await fastMember(request);
      if (fast === null) throw new AppError("UNAUTHENTICATED");
      if (fast) {
        request.member = fast;
        return fast;
      }
      const session = await auth.api.getSession({ headers: authHeaders(request) });
      if (!session) throw new AppError("UNAUTHENTICATED");
      const profile = await findProfileByAuthUid(app.db, session.user.id);
      if (!profile) throw new AppError("UNAUTHENTICATED");
      if (profile.suspended) throw new AppError("ACCOUNT_SUSPENDED");
      const user = session.user as typeof session.user & { twoFactorEnabled?: boolean | null };
      request.member = {
        userId: session.user.id,
        email: session.user.email,
        emailVerified: session.user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled ?? false,
        sessionId: session.session.id,
        sessionToken: session.session.token,
        profile,
      };
      return request.member;
    }

    app.decorate("requireMember", async (request: FastifyRequest) => {
      await loadMember(request);
    });
    app.decorate("requireStaff", async (request: FastifyRequest) => {
      const member = await loadMember(request);
      if (member.profile.role === "member") throw new AppError("FORBIDDEN");
      if (!member.twoFactorEnabled) throw new AppError("TWO_FACTOR_REQUIRED");
    });
    app.decorate("requireAdmin", async (request: FastifyRequest) => {
      const member = await loadMember(request);
      if (member.profile.role !== "admin") throw new AppError("FORBIDDEN");
      if (!member.twoFactorEnabled) throw new AppError("TWO_FACTOR_REQUIRED");
    });
  },
);
