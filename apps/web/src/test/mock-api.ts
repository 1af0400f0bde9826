import type { TMe } from "@viewvault/shared";
import { vi } from "vitest";

type Handler = (request: { url: URL; method: string; body: unknown }) => unknown;

/** A JSON response; pass a Response yourself for other statuses. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/**
 * Replaces fetch with a tiny router: keys are "GET /api/me" (exact path) and values return a
 * body (answered as 200 JSON) or a Response. Anything else answers 404. Returns the mock.
 */
export function mockApi(routes: Record<string, Handler | unknown> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), "http://localhost");
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    const rawBody = init?.body ?? null;
    const body = typeof rawBody === "string" ? JSON.parse(rawBody) : rawBody;
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) {
      if (url.pathname === "/api/auth/get-session") return json(null);
      return json({ code: "NOT_FOUND", message: "Not found." }, 404);
    }
    const result = typeof route === "function" ? (route as Handler)({ url, method, body }) : route;
    return result instanceof Response ? result : json(result);
  });
  // The presence heartbeat every signed-in page sends is answered here and not recorded, so a
  // test's calls are its page's own conversation (presence has its own tests).
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const method = (
      init?.method ?? (input instanceof Request ? input.method : "GET")
    ).toUpperCase();
    if (url.pathname === "/api/presence" && routes[`${method} /api/presence`] === undefined) {
      return Promise.resolve(
        method === "GET" ? json({ online: [] }) : new Response(null, { status: 204 }),
      );
    }
    return fetchMock(input, init);
  });
  return fetchMock;
}

/** A signed-in member, with overrides. */
export function memberFixture(
  overrides: { twoFactorEnabled?: boolean; firstRunDismissed?: boolean } = {},
): {
  session: unknown;
  me: TMe;
} {
  const me: TMe = {
    user: {
      id: "user-1",
      email: "alice@example.com",
      emailVerified: true,
      twoFactorEnabled: overrides.twoFactorEnabled ?? false,
    },
    profile: {
      id: "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f",
      authUid: "user-1",
      username: "alice",
      isVerified: false,
      walletAddress: null,
      walletNetwork: null,
      referredBy: null,
      role: "member",
      suspended: false,
      locale: "en",
      createdAt: "2026-01-15T12:00:00.000Z",
    },
    notifications: { newSignIn: true, transactions: true, product: false },
    firstRunDismissed: overrides.firstRunDismissed ?? true,
  };
  const session = {
    user: {
      id: "user-1",
      email: me.user.email,
      name: "alice",
      username: "alice",
      emailVerified: true,
      twoFactorEnabled: me.user.twoFactorEnabled,
    },
    session: {
      id: "s1",
      userId: "user-1",
      token: "token-1",
      expiresAt: "2099-01-01T00:00:00.000Z",
    },
  };
  return { session, me };
}
