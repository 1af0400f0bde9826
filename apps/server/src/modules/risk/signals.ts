import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import type { Db, DbOrTx } from "../../db/client";
import { memberSignals } from "../../db/schema";
import { recomputeMemberRisk } from "./risk.service";

/** The header the web app sends on every request: the browser's device fingerprint (ADR 048). */
export const DEVICE_ID_HEADER = "x-device-id";

/** What a device id may look like (FingerprintJS gives 32 hex characters); anything else is none. */
const DEVICE_ID_RE = /^[\w-]{8,128}$/;

declare module "fastify" {
  interface FastifyInstance {
    /** The key device fingerprints are hashed with (derived from the server secret). */
    deviceKey: string;
  }
}

/** The device-hash key: derived from the server secret, so it is never the cookie-signing key. */
export function deviceKeyFrom(secret: string): string {
  return createHmac("sha256", secret).update("viewvault device signal v1").digest("base64url");
}

/** HMAC-SHA256 of the client's device id, or null when it sent none (or nonsense). */
export function hashDevice(key: string, deviceId: string | null | undefined): string | null {
  const value = deviceId?.trim();
  if (!value || !DEVICE_ID_RE.test(value)) return null;
  return createHmac("sha256", key).update(value).digest("base64url");
}

function expandIpv6(address: string): string[] | null {
  const [head, tail] = address.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  if (address.includes("::")) {
    const missing = 8 - left.length - right.length;
    if (missing < 0) return null;
    return [...left, ...Array<string>(missing).fill("0"), ...right];
  }
  return left.length === 8 ? left : null;
}

/**
 * The client's network: the /24 of an IPv4 address (`203.0.113.0/24`), the /48 of an IPv6 one
 * (`2001:db8:1::/48`); an IPv4-mapped IPv6 address counts as IPv4. Null when it is not an address.
 */
export function networkOf(address: string | null | undefined): string | null {
  if (!address) return null;
  let ip = address.trim();
  if (ip.toLowerCase().startsWith("::ffff:") && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
  const version = isIP(ip);
  if (version === 4) {
    const [a, b, c] = ip.split(".");
    return `${a}.${b}.${c}.0/24`;
  }
  if (version === 6) {
    const groups = expandIpv6(ip.toLowerCase().split("%")[0] ?? "");
    if (!groups) return null;
    const first = groups.slice(0, 3).map((g) => Number.parseInt(g || "0", 16).toString(16));
    return `${first.join(":")}::/48`;
  }
  return null;
}

export interface SignalInput {
  memberId: string;
  kind: "sign_in" | "watch_session";
  refId: string;
  deviceId: string | null | undefined;
  address: string | null | undefined;
  userAgent: string | null | undefined;
  at: Date;
}

/** Records one sign-in or watch-session signal (device hashed, network truncated). */
export async function recordSignal(db: DbOrTx, key: string, input: SignalInput): Promise<void> {
  await db.insert(memberSignals).values({
    memberId: input.memberId,
    kind: input.kind,
    refId: input.refId,
    deviceHash: hashDevice(key, input.deviceId),
    network: networkOf(input.address),
    userAgent: input.userAgent?.slice(0, 512) || null,
    createdAt: input.at,
  });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A watch session started: its device, network (request.ip, which honours TRUST_PROXY) and user
 * agent, then the member's risk recomputed. Never fails the session: a problem is logged.
 */
export async function recordWatchSignal(
  db: Db,
  input: { memberId: string; sessionId: string; request: FastifyRequest },
): Promise<void> {
  const { request } = input;
  const app = request.server;
  try {
    await recordSignal(db, app.deviceKey, {
      memberId: input.memberId,
      kind: "watch_session",
      refId: input.sessionId,
      deviceId: header(request, DEVICE_ID_HEADER),
      address: request.ip,
      userAgent: header(request, "user-agent"),
      at: app.clock.now(),
    });
    await recomputeMemberRisk(db, app.clock, input.memberId);
  } catch (error) {
    request.log.warn({ err: error, memberId: input.memberId }, "watch signal not recorded");
  }
}
