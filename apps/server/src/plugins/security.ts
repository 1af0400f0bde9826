import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error";

export interface SecurityOptions {
  /** Origins allowed to send state-changing requests (the app's own origin first). */
  allowedOrigins: string[];
  /** sha256 hashes of the inline scripts of the built index.html (the theme bootstrap). */
  inlineScriptHashes: string[];
  https: boolean;
  /** Origin of the configured ad network's tag (AD_NETWORK_TAG): its scripts, frames and images. */
  adNetworkOrigin?: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Security headers with a CSP that allows the YouTube embed and thumbnails, and a same-origin
 * rule: a state-changing request whose Origin (or Sec-Fetch-Site) says it came from another site
 * is refused before any route runs. There is no CORS plugin: cross-origin reads get no CORS headers.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const ad = opts.adNetworkOrigin ? [opts.adNetworkOrigin] : [];
  await app.register(helmet, {
    global: true,
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
        connectSrc: ["'self'", ...ad],
        frameSrc: ["https://www.youtube-nocookie.com", "https://www.youtube.com", ...ad],
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
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === "null" || !allowed.has(origin)) {
        throw new AppError("FORBIDDEN", "Cross-origin requests are not allowed.");
      }
      return;
    }
    if (request.headers["sec-fetch-site"] === "cross-site") {
      throw new AppError("FORBIDDEN", "Cross-origin requests are not allowed.");
    }
  });
});
