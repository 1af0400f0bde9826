import { createHmac, timingSafeEqual } from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { AppError } from "../lib/app-error";
import {
  CLIENT_IP_HEADER,
  type Member,
  type ProfileRow,
  type SessionMember,
  signedInWithTwoFactors,
} from "../lib/member";
import { jsonProblemError, jsonTextProblem } from "./input-guard";

export type { Member };

/**
 * What the plugin needs of the auth library (Better Auth, built by modules/auth and handed in by
 * app.ts): its handler, its cookie and session settings, and its session check.
 */
export interface AuthHandler {
  handler(request: Request): Promise<Response>;
  $context: Promise<{
    authCookies: { sessionToken: { name: string } };
    sessionConfig: { updateAge: number };
  }>;
  api: {
    getSession(input: { headers: Headers }): Promise<{
      user: { id: string; email: string; emailVerified: boolean };
      session: { id: string; token: string };
    } | null>;
  };
}

/** The plugin's options: the auth library, and the session and profile look-ups app.ts wires. */
export interface AuthPluginOptions {
  auth: AuthHandler;
  publicUrl: string;
  secret: string;
  /** Live sessions by token, cached (modules/auth's session cache). */
  sessions: { memberOf(token: string): Promise<SessionMember | undefined> };
  /** A member's profile by auth user id (the slow path after the auth library's own check). */
  profileOfUser(authUid: string): Promise<ProfileRow | undefined>;
}

declare module "fastify" {
  interface FastifyInstance {
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

const JSON_TYPE = /^application\/json\s*(;|$)/i;

function badAuthBody(context: "jsonBody" | "invalidJson"): AppError {
  return new AppError("VALIDATION_FAILED", { context }, { field: "body" });
}

/** Fields Better Auth redirects to (and appends `?error=` to, which throws on anything else). */
const REDIRECT_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"];

/** A root-relative path or an absolute http(s) URL (which origins are allowed is Better Auth's check). */
function isRedirectTarget(value: unknown): boolean {
  if (typeof value !== "string") return false;
  if (value === "") return true;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  return URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol);
}

/** Refuses a redirect target Better Auth cannot use (it answered 500 to `?callbackURL=abc`). */
export function checkRedirectTargets(query: URLSearchParams, body?: Record<string, unknown>): void {
  for (const field of REDIRECT_FIELDS) {
    const values = [...query.getAll(field), ...(body && field in body ? [body[field]] : [])];
    if (!values.every(isRedirectTarget)) {
      throw new AppError("VALIDATION_FAILED", { context: "redirectTarget", field }, { field });
    }
  }
}

/**
 * The body handed to Better Auth for a POST, checked as every other route's body is: "{}" when
 * the client sent none (Better Auth's hooks read fields of the body and answered 500 without
 * one), otherwise the client's text once it is known to be one JSON object, nested at most
 * MAX_JSON_DEPTH deep, without NUL characters or prototype keys.
 */
export function authRequestBody(request: FastifyRequest): string {
  const raw = typeof request.body === "string" ? request.body : "";
  if (raw.trim() === "") return "{}";
  if (!JSON_TYPE.test(request.headers["content-type"] ?? "")) {
    throw badAuthBody("jsonBody");
  }
  const problem = jsonTextProblem(raw);
  if (problem) throw jsonProblemError(problem);
  let parsed: unknown;
  let failed = false;
  // Fastify's own JSON parser (refuses __proto__ and constructor.prototype); it calls back at once.
  request.server.getDefaultJsonParser("error", "error")(request, raw, (error, value) => {
    failed = error !== null;
    parsed = value;
  });
  if (failed) throw badAuthBody("invalidJson");
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw badAuthBody("jsonBody");
  }
  checkRedirectTargets(new URLSearchParams(), parsed as Record<string, unknown>);
  return raw;
}

/** The member behind the request (route handlers after requireMember). */
export function currentMember(request: FastifyRequest): Member {
  if (!request.member) throw new AppError("UNAUTHENTICATED");
  return request.member;
}

/** The raw value of cookie `name` in a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let raw: string | undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) raw = part.slice(eq + 1).trim();
  }
  return raw || undefined;
}

/** `token.base64(HMAC-SHA256(secret, token))`, URL-encoded → the token, or null. */
function verifySignedValue(raw: string, secret: string): string | null {
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

/** Better Auth at /api/auth/*: a catch-all route handing it a Web Request, Set-Cookie copied back. */
async function mountAuthRoutes(app: FastifyInstance, auth: AuthHandler, publicUrl: string) {
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
      config: { ownBodyCheck: true },
      async handler(request, reply) {
        const url = new URL(request.url, publicUrl);
        const headers = authHeaders(request);
        headers.delete("content-length");
        checkRedirectTargets(url.searchParams);
        const body = request.method === "POST" ? authRequestBody(request) : undefined;
        if (body !== undefined) headers.set("content-type", "application/json");
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            ...(body !== undefined ? { body } : {}),
          }),
        );
        const text = response.body ? await response.text() : null;
        reply.status(clientFaultStatus(response.status, text));
        for (const [key, value] of response.headers) {
          if (key.toLowerCase() !== "set-cookie") reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header("set-cookie", cookies);
        return reply.send(text);
      },
    });
  });
}

/**
 * Better Auth keeps the status of an endpoint's error when an after hook replaces the error: the
 * passkey hooks turn the plugin's 500 for a credential it cannot parse into PASSKEY_INVALID
 * (auth.passkey.ts), and that is the client's fault.
 */
function clientFaultStatus(status: number, body: string | null): number {
  return status >= 500 && body?.includes('"PASSKEY_INVALID"') ? 400 : status;
}

/** The member behind a request: the fast cookie path, else Better Auth's own session check. */
async function memberLoader(app: FastifyInstance, opts: AuthPluginOptions) {
  const { auth, sessions } = opts;
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  // A signed cookie's signature never changes meaning: verified values are remembered, so a
  // signed-in request pays the HMAC once per cookie and process (4 % of a read's CPU).
  const verified = new LRUCache<string, string>({ max: 100_000 });
  const sessionToken = (header: string | undefined): string | null | undefined => {
    const raw = cookieValue(header, cookieName);
    if (raw === undefined) return undefined;
    const known = verified.get(raw);
    if (known !== undefined) return known;
    const token = verifySignedValue(raw, opts.secret);
    if (token !== null) verified.set(raw, token);
    return token;
  };
  const updateAgeMs = context.sessionConfig.updateAge * 1000;

  /**
   * Fast path: verify the signed session cookie ourselves and take session, account and profile
   * from the session cache (one query when not cached). Better Auth's own getSession (more
   * queries and its endpoint machinery) runs only when the session is due for its daily refresh.
   */
  async function fastMember(request: FastifyRequest): Promise<Member | null | undefined> {
    const token = sessionToken(request.headers.cookie);
    if (token === undefined) return undefined;
    if (token === null) return null;
    const found = await sessions.memberOf(token);
    if (!found) return null;
    if (app.clock.now().getTime() - found.session.updatedAt.getTime() > updateAgeMs)
      return undefined;
    if (found.profile.suspended) throw new AppError("ACCOUNT_SUSPENDED");
    return {
      userId: found.user.id,
      email: found.user.email,
      emailVerified: found.user.emailVerified,
      twoFactorEnabled: found.user.twoFactorEnabled ?? false,
      passkeyVerified: found.session.passkeyVerified === true,
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
    const profile = await opts.profileOfUser(session.user.id);
    if (!profile) throw new AppError("UNAUTHENTICATED");
    if (profile.suspended) throw new AppError("ACCOUNT_SUSPENDED");
    const user = session.user as typeof session.user & { twoFactorEnabled?: boolean | null };
    request.member = {
      userId: session.user.id,
      email: session.user.email,
      emailVerified: session.user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled ?? false,
      passkeyVerified:
        (session.session as typeof session.session & { passkeyVerified?: boolean | null })
          .passkeyVerified === true,
      sessionId: session.session.id,
      sessionToken: session.session.token,
      profile,
    };
    return request.member;
  }

  return loadMember;
}

/**
 * The guards our own routes use: a member, staff (support/admin signed in with two factors: TOTP
 * on, or a user-verifying passkey — ADR 075), admin.
 */
function decorateGuards(
  app: FastifyInstance,
  loadMember: (request: FastifyRequest) => Promise<Member>,
) {
  app.decorate("requireMember", async (request: FastifyRequest) => {
    await loadMember(request);
  });
  app.decorate("requireStaff", async (request: FastifyRequest) => {
    const member = await loadMember(request);
    if (member.profile.role === "member") throw new AppError("FORBIDDEN");
    if (!signedInWithTwoFactors(member)) throw new AppError("TWO_FACTOR_REQUIRED");
  });
  app.decorate("requireAdmin", async (request: FastifyRequest) => {
    const member = await loadMember(request);
    if (member.profile.role !== "admin") throw new AppError("FORBIDDEN");
    if (!signedInWithTwoFactors(member)) throw new AppError("TWO_FACTOR_REQUIRED");
  });
}

/**
 * Mounts Better Auth at /api/auth/* and decorates the guards our own routes use.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  await mountAuthRoutes(app, opts.auth, opts.publicUrl);
  decorateGuards(app, await memberLoader(app, opts));
});
