import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { classifyAppPath } from "@viewvault/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { requestLocale } from "../lib/i18n";
import { type PageData, readPageData, withPageData } from "./page-data";
import { type PagePreloads, pagePreloadLinks, readPagePreloads } from "./page-preloads";
import {
  loadPageRenderer,
  type PageRenderer,
  renderMemberPage,
  withRenderedPage,
} from "./page-render";

/** sha256 CSP hashes of the inline <script> blocks of the built index.html. */
export function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const match of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? "";
    if (body.trim()) hashes.push(`sha256-${createHash("sha256").update(body).digest("base64")}`);
  }
  return hashes;
}

export function readIndexHtml(distDir: string): string | undefined {
  const file = path.join(distDir, "index.html");
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/**
 * The document of a page the web app renders: the page's code and texts preloaded (ADR 065), the
 * member's first data (ADR 065) and, for a member page that has its own, its first screen
 * rendered from that data (ADR 084).
 */
async function pageDocument(
  indexHtml: string,
  request: FastifyRequest,
  page: { preloads: PagePreloads; render: PageRenderer | undefined; data: PageData | undefined },
): Promise<string> {
  const locale = requestLocale(request.headers.cookie, request.headers["accept-language"]);
  let html = indexHtml;
  const links = pagePreloadLinks(page.preloads, request.url, locale);
  if (links) html = html.replace("</head>", () => `${links}</head>`);
  if (!page.data) return html;
  const rendered = await renderMemberPage(page.render, page.data, request, locale);
  html = withPageData(html, page.data);
  return rendered ? withRenderedPage(html, rendered) : html;
}

/** Languages of the prerendered landing pages (dist/landing.<lang>.html). */
const LANDING_LOCALES = ["en", "pt-BR"] as const;
type LandingLocale = (typeof LANDING_LOCALES)[number];

/**
 * The prerendered landing pages present in dist. One whose inline scripts differ from
 * index.html's (a stale build) is left out: the CSP only allows index.html's by hash.
 */
export function readLandingPages(
  distDir: string,
  indexHtml: string,
): Partial<Record<LandingLocale, string>> {
  const expected = inlineScriptHashes(indexHtml).join(" ");
  const pages: Partial<Record<LandingLocale, string>> = {};
  for (const locale of LANDING_LOCALES) {
    const file = path.join(distDir, `landing.${locale}.html`);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, "utf8");
    if (inlineScriptHashes(html).join(" ") === expected) pages[locale] = html;
  }
  return pages;
}

/**
 * Hashed assets (dist/assets/*: a new build gives them new names) are cached for a year and never
 * revalidated; everything else — the service worker, the manifest, icons, the offline page —
 * is revalidated on every use, so a new build reaches members at once.
 */
function staticCacheControl(distDir: string, filePath: string): string {
  const rel = path.relative(distDir, filePath);
  return rel.startsWith(`assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * the SPA's index.html for any other GET that accepts HTML (client-side routing), with status 404
 * where the web app shows "not found" (an unknown path or username). /api paths that match no
 * route get a JSON 404. "/" gets the landing page prerendered in the visitor's language
 * when the build has it.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      distDir: string;
      indexHtml?: string;
      /** Whether /@username shows a member's profile (else the web app says "not found"). */
      usernameExists?: (username: string) => Promise<boolean>;
    },
  ) => {
    const hasBuild = opts.indexHtml !== undefined;
    const preloads = readPagePreloads(opts.distDir);
    const render = hasBuild ? await loadPageRenderer(opts.distDir, app.log) : undefined;
    const landingPages =
      opts.indexHtml === undefined ? {} : readLandingPages(opts.distDir, opts.indexHtml);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The build writes a .br and a .gz copy of each compressible file (apps/web/scripts/
        // compress.mjs): the copy the request accepts is sent as it is (ADR 051), never
        // compressed again per request; without one, the file itself.
        preCompressed: true,
        setHeaders(reply, filePath) {
          reply.header("cache-control", staticCacheControl(opts.distDir, filePath));
        },
      });
      // Files in dist/ other than index.html (assets/*, favicon, robots.txt …).
      app.get("/*", { schema: { hide: true } }, async (request, reply) => {
        const urlPath = decodeURIComponent((request.params as { "*": string })["*"]);
        const file = path.join(opts.distDir, urlPath);
        if (
          urlPath &&
          urlPath !== "index.html" &&
          file.startsWith(opts.distDir) &&
          existsSync(file) &&
          !urlPath.endsWith("/")
        ) {
          return reply.sendFile(urlPath);
        }
        if (urlPath === "") {
          const locale = requestLocale(request.headers.cookie, request.headers["accept-language"]);
          const landing = landingPages[locale];
          if (landing && (request.headers.accept ?? "*/*").match(/text\/html|\*\/\*/)) {
            return reply
              .header("cache-control", "no-cache")
              .header("vary", "Cookie, Accept-Language")
              .type("text/html; charset=utf-8")
              .send(landing);
          }
        }
        return sendIndex(request, reply);
      });
    }

    /** The web app's answer for a path it renders; 404 where it would show "not found". */
    async function pageStatus(request: FastifyRequest): Promise<200 | 404> {
      const target = classifyAppPath(request.url.split("?")[0] ?? "/");
      if (target.kind === "page") return 200;
      // Any /@name is a profile page; one no username can match is a member not found.
      if (target.kind === "profile") {
        if (!target.possible) return 404;
        return !opts.usernameExists || (await opts.usernameExists(target.username)) ? 200 : 404;
      }
      return 404;
    }

    async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
      if (!hasBuild || !(request.headers.accept ?? "*/*").match(/text\/html|\*\/\*/)) {
        return reply.status(404).send({ code: "NOT_FOUND", message: "Not found." });
      }
      const status = await pageStatus(request);
      // A member's page carries their first data (ADR 065): private, never stored by any cache,
      // and a cache keyed on the URL alone must not answer it to another cookie.
      const data =
        status === 200 && request.method === "GET" ? await readPageData(app, request) : undefined;
      if (data?.setCookies?.length) reply.header("set-cookie", data.setCookies);
      const html =
        status === 200 && opts.indexHtml
          ? await pageDocument(opts.indexHtml, request, { preloads, render, data })
          : (opts.indexHtml ?? "");
      return reply
        .status(status)
        .header("cache-control", data?.personal ? "private, no-store" : "no-cache")
        .header("vary", "Cookie, Accept-Language")
        .type("text/html; charset=utf-8")
        .send(html);
    }

    app.setNotFoundHandler((request, reply) => {
      if (
        request.url.startsWith("/api/") ||
        request.url === "/api" ||
        !["GET", "HEAD"].includes(request.method)
      ) {
        return reply.status(404).send({ code: "NOT_FOUND", message: "Not found." });
      }
      return sendIndex(request, reply);
    });
  },
);
