import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { AppError } from "../lib/app-error";

export interface SecurityOptions {
  /** Origins allowed to send state-changing requests (the app's own origin first). */
  allowedOrigins: string[];
  /** sha256 hashes of the inline scripts of the built index.html (the theme bootstrap). */
  inlineScriptHashes: string[];
  https: boolean;
  /** Origin of the configured ad network's tag (AD_NETWORK_TAG): its scripts, frames and images. */
  adNetworkOrigin?: string;
  /** Origin of the YouTube IFrame Player API's script (YOUTUBE_IFRAME_API_URL). */
  youtubeIframeApiOrigin?: string;
  /** Origins of the configured human check (CAPTCHA_PROVIDER): its script, frames and calls. */
  captchaOrigins?: string[];
  /**
   * Outside production, a request from the address the page was served on is same-origin too
   * (http://127.0.0.1:3000, a LAN address tried on a phone), whatever PUBLIC_URL says.
   */
  development?: boolean;
}

/**
 * Outside production: whether a browser request comes from the page's own address. Either the
 * browser says so (`Sec-Fetch-Site: same-origin`, which pages cannot forge), or the Origin is
 * the address the request was sent to (`http(s)://<Host>`). Production allows only PUBLIC_URL and
 * TRUSTED_ORIGINS. Better Auth's trustedOrigins applies the same rule (modules/auth/auth.ts).
 */
export function isServedOrigin(headers: {
  origin?: string | null | undefined;
  host?: string | null | undefined;
  secFetchSite?: string | null | undefined;
}): boolean {
  const { origin, host } = headers;
  if (origin === "null") return false;
  if (headers.secFetchSite === "same-origin") return true;
  if (!origin || !host) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Helmet's headers for these options, computed once: they do not depend on the request, and
 * running helmet's middleware for every request re-serialised the CSP each time (5 % of a
 * signed-in read's CPU in the money-path profile, ADR 013).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers with a CSP that allows the YouTube embed and thumbnails, and a same-origin
 * rule: a state-changing request whose Origin (or Sec-Fetch-Site) says it came from another site
 * is refused before any route runs. There is no CORS plugin: cross-origin reads get no CORS headers.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const ad = opts.adNetworkOrigin ? [opts.adNetworkOrigin] : [];
  const captcha = opts.captchaOrigins ?? [];
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: [
          "'self'",
          ...opts.inlineScriptHashes.map((h) => `'${h}'`),
          "https://www.youtube.com",
          "https://s.ytimg.com",
          ...(opts.youtubeIframeApiOrigin ? [opts.youtubeIframeApiOrigin] : []),
          ...captcha,
          ...ad,
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          "data:",
          "blob:",
          "https://i.ytimg.com",
          "https://img.youtube.com",
          ...ad,
        ],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...captcha, ...ad],
        frameSrc: [
          "https://www.youtube-nocookie.com",
          "https://www.youtube.com",
          ...captcha,
          ...ad,
        ],
        mediaSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  const allowed = new Set(opts.allowedOrigins.map((o) => new URL(o).origin));
  /** Why a state-changing request is refused as cross-site, or undefined. */
  const crossSite = (request: FastifyRequest): AppError | undefined => {
    if (SAFE_METHODS.has(request.method)) return undefined;
    const origin = request.headers.origin;
    if (
      opts.development &&
      isServedOrigin({
        origin,
        host: request.headers.host,
        secFetchSite: request.headers["sec-fetch-site"] as string | undefined,
      })
    ) {
      return undefined;
    }
    if (origin !== undefined) {
      return origin === "null" || !allowed.has(origin)
        ? new AppError("FORBIDDEN", { context: "crossOrigin" })
        : undefined;
    }
    return request.headers["sec-fetch-site"] === "cross-site"
      ? new AppError("FORBIDDEN", { context: "crossOrigin" })
      : undefined;
  };
  // One hook, callback style (no promise per request): every request pays for it (ADR 039).
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers);
    reply.header("x-request-id", request.id);
    done(crossSite(request));
  });
});
