import { lookup as lookupCallback } from "node:dns";
import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";

/** IPv4 ranges no push service lives in: private, loopback, link-local, CGNAT, multicast … */
const BLOCKED_V4: Array<[number, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
].map(([base, bits]) => [v4(base as string), bits as number]);

function v4(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

/** Whether an IP address (v4 or v6) is private, loopback, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const kind = isIP(bare);
  if (kind === 4) {
    const n = v4(bare);
    return BLOCKED_V4.some(([base, bits]) => {
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      return (n & mask) >>> 0 === (base & mask) >>> 0;
    });
  }
  if (kind === 6) {
    const lower = bare.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped?.[1]) return isPrivateAddress(mapped[1]);
    // The same written in hex, as URL parsing normalises it: ::ffff:c0a8:101.
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
    if (hex?.[1] && hex[2]) {
      const high = Number.parseInt(hex[1], 16);
      const low = Number.parseInt(hex[2], 16);
      return isPrivateAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return (
      lower === "::" ||
      lower === "::1" ||
      /^f[cd]/.test(lower) || // unique local fc00::/7
      /^fe[89ab]/.test(lower) || // link-local fe80::/10
      /^ff/.test(lower) // multicast
    );
  }
  return false;
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home|lan|intranet)$/i;

/**
 * Why a push endpoint may not be used, or null when it may: the server would POST to it, so an
 * endpoint must be https on a public host (no private or loopback address, literal or resolved).
 * `allowPrivate` is the test-only allowance for a local mock push service (refused in
 * production by env validation).
 */
export async function refusePushEndpoint(
  endpoint: string,
  allowPrivate: boolean,
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true })).map((a) => a.address),
): Promise<"notHttps" | "privateEndpoint" | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "notHttps";
  }
  if (allowPrivate)
    return url.protocol === "https:" || url.protocol === "http:" ? null : "notHttps";
  if (url.protocol !== "https:") return "notHttps";
  if (url.username || url.password) return "privateEndpoint";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPrivateAddress(host) ? "privateEndpoint" : null;
  if (LOCAL_NAMES.test(host) || !host.includes(".")) return "privateEndpoint";
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return "privateEndpoint";
  }
  return addresses.length === 0 || addresses.some(isPrivateAddress) ? "privateEndpoint" : null;
}

/**
 * The resolver an outgoing push request connects with: it refuses a private address at the moment
 * of connecting, so a host that resolved to a public address when the subscription was saved and
 * to one inside our network now (DNS rebinding) is never reached.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as unknown as { address: string; family: number }[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      const refused = Object.assign(new Error(`${hostname} resolves to a private address`), {
        code: "EPRIVATEADDRESS",
      });
      return callback(refused, "", 4);
    }
    if (options.all) return callback(null, list);
    const [first] = list as [{ address: string; family: number }];
    return callback(null, first.address, first.family);
  });
};

/**
 * POSTs a prepared push request (web-push's request details) and resolves with the status: no
 * redirects followed (a push service never redirects; a redirect could point inside our
 * network), a timeout, and — unless `allowPrivate` (tests) — an https endpoint whose host is
 * checked again at connect time, literal or resolved (`publicOnlyLookup`).
 */
export async function postPush(
  details: {
    endpoint: string;
    method: string;
    headers: Record<string, string>;
    body?: Buffer | null;
  },
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<number> {
  const url = new URL(details.endpoint);
  if (!opts.allowPrivate) {
    if (url.protocol !== "https:") throw new Error("push endpoint is not https");
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && isPrivateAddress(host)) throw new Error(`${host} is a private address`);
  }
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(
      url,
      {
        method: details.method,
        headers: details.headers,
        timeout: opts.timeoutMs,
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res: IncomingMessage) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("push request timed out")));
    req.on("error", reject);
    req.end(details.body ?? undefined);
  });
}
