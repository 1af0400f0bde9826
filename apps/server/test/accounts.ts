import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Db } from "../src/db/client";
import { listMailbox } from "../src/modules/mail/mail.service";
import { TEST_ORIGIN } from "./app";

let ipCounter = 1;
/** A fresh client address, so per-IP rate limits of one test never touch another's. */
export function freshIp(): string {
  ipCounter++;
  // A different /24 each time: sign-ups from one network count as one household for referrals.
  return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.7`;
}

/** The browser every test client claims to be (sign-ups record it; factories reuse it). */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36";

export interface Client {
  ip: string;
  cookie: string;
  /** Puts a cookie in the jar, as a Set-Cookie from the server would (value as sent on the wire). */
  setCookie(name: string, value: string): void;
  request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** A browser-like client: same origin, keeps its cookies, one IP. */
export function client(app: FastifyInstance, ip = freshIp()): Client {
  const jar = new Map<string, string>();
  const c: Client = {
    ip,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    },
    setCookie(name, value) {
      jar.set(name, value);
    },
    async request(method, url, payload, headers = {}) {
      const res = await app.inject({
        method,
        url,
        remoteAddress: ip,
        headers: {
          origin: TEST_ORIGIN,
          "user-agent": BROWSER_USER_AGENT,
          ...(jar.size ? { cookie: c.cookie } : {}),
          ...(payload !== undefined ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
      });
      for (const raw of ([] as string[]).concat(res.headers["set-cookie"] ?? [])) {
        const [pair] = raw.split(";");
        const [name, ...rest] = (pair ?? "").split("=");
        if (!name) continue;
        const value = rest.join("=");
        if (value === "" || /max-age=0/i.test(raw)) jar.delete(name.trim());
        else jar.set(name.trim(), value);
      }
      return res;
    },
  };
  return c;
}

let userCounter = 0;
export function uniqueUser(prefix = "member") {
  userCounter++;
  const username = `${prefix}${userCounter}${Math.floor(Math.random() * 1e4)}`;
  return { username, email: `${username}@example.test`, password: "violet-lantern-42" };
}

/** The newest e-mail to `to`, and the first link in it. */
export async function lastMailTo(
  db: Db,
  to: string,
): Promise<{ subject: string; text: string; link: string; kind: string }> {
  const messages = (await listMailbox(db, TEST_ORIGIN, 200)).filter((m) => m.to === to);
  const message = messages[0];
  expect(message, `an e-mail to ${to}`).toBeDefined();
  const link = message?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
  return {
    subject: message?.subject ?? "",
    text: message?.text ?? "",
    link,
    kind: message?.kind ?? "",
  };
}

export async function mailCount(db: Db, to: string): Promise<number> {
  return (await listMailbox(db, TEST_ORIGIN, 500)).filter((m) => m.to === to).length;
}

export async function signUp(
  c: Client,
  user: { username: string; email: string; password: string },
  extra: Record<string, unknown> = {},
) {
  return c.request("POST", "/api/auth/sign-up/email", {
    name: user.username,
    callbackURL: "/dashboard?verified=1",
    ...user,
    ...extra,
  });
}

/** Follows an e-mailed link (relative to the app) and returns the response. */
export async function follow(c: Client, link: string) {
  const url = new URL(link);
  return c.request("GET", url.pathname + url.search);
}

/** Signs up and confirms; the client is signed in afterwards. */
export async function registerMember(
  app: FastifyInstance,
  db: Db,
  extra: Record<string, unknown> = {},
  prefix?: string,
) {
  const c = client(app);
  const user = uniqueUser(prefix);
  const res = await signUp(c, user, extra);
  expect(res.statusCode, res.body).toBe(200);
  const mail = await lastMailTo(db, user.email);
  const confirmed = await follow(c, mail.link);
  expect(confirmed.statusCode).toBe(302);
  const me = await c.request("GET", "/api/me");
  expect(me.statusCode, me.body).toBe(200);
  return {
    c,
    user,
    me: me.json() as { profile: { id: string; username: string }; user: { id: string } },
  };
}

export async function signIn(c: Client, email: string, password: string) {
  return c.request("POST", "/api/auth/sign-in/email", { email, password });
}

/** A code generator for the authenticator secret in an otpauth:// URI (as an app would). */
export function totpFromUri(uri: string): () => Promise<string> {
  const secret = new TextDecoder().decode(
    base32.decode(new URL(uri).searchParams.get("secret") ?? ""),
  );
  return async () => createOTP(secret, { period: 30, digits: 6 }).totp();
}
