import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Locale, PageRenderInput } from "@viewvault/shared";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { hasOwnFirstReads, type PageData } from "./page-data";

/**
 * A member page's first screen rendered by the server (ADR 084): the web app's own render
 * (apps/web/src/server-render.tsx, built into apps/web/dist-ssr/ beside dist/), fed the answers
 * the document carries, so the browser paints the page from the HTML and adopts it instead of
 * waiting for the script, then rendering.
 */
export type PageRenderer = (
  input: PageRenderInput,
  onError?: (error: unknown) => void,
) => Promise<string | undefined>;

/** The build's page renderer, or undefined without one (a build without dist-ssr/). */
export async function loadPageRenderer(
  distDir: string,
  log: FastifyBaseLogger,
): Promise<PageRenderer | undefined> {
  const file = path.join(distDir, "..", "dist-ssr", "server-render.js");
  if (!existsSync(file)) return undefined;
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderPage?: PageRenderer };
    return module.renderPage;
  } catch (error) {
    log.warn(
      { err: error },
      "the web app's server render could not be loaded; pages render in the browser",
    );
    return undefined;
  }
}

/** The device's time zone the browser last told (`vv-tz`, apps/web/src/lib/server-rendered.ts). */
const TIME_ZONE_COOKIE = /(?:^|;\s*)vv-tz=([^;]{1,64})/;
const knownZones = new Map<string, boolean>();

/** The request's time zone when it is one Intl knows, else UTC. */
export function requestTimeZone(cookie: string | undefined): string {
  const raw = cookie ? TIME_ZONE_COOKIE.exec(cookie)?.[1] : undefined;
  if (!raw) return "UTC";
  let zone: string;
  try {
    zone = decodeURIComponent(raw);
  } catch {
    return "UTC";
  }
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1_000) knownZones.set(zone, known);
  }
  return known ? zone : "UTC";
}

const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/**
 * The member page's markup for this document, or undefined (a page rendered in the browser: not
 * a member's document, a page without its own first reads, or a render that failed).
 */
export async function renderMemberPage(
  render: PageRenderer | undefined,
  data: PageData | undefined,
  request: FastifyRequest,
  locale: Locale,
): Promise<RenderedPage | undefined> {
  if (!render || !data?.personal || !hasOwnFirstReads(request.url)) return undefined;
  const timeZone = requestTimeZone(request.headers.cookie);
  const now = Date.now();
  const origin = `${request.protocol}://${request.host}`;
  const partFailed = (error: unknown) =>
    request.log.warn({ err: error }, "a part of a member page was left to the browser to render");
  try {
    const markup = await render(
      { url: request.url, locale, reads: data.reads, timeZone, now, origin },
      partFailed,
    );
    if (markup === undefined) return undefined;
    // The CSP allows index.html's inline scripts only: a markup with one is not sent.
    if (/<script/i.test(markup)) {
      request.log.warn("a member page's markup held a script; it renders in the browser");
      return undefined;
    }
    return { markup, locale, timeZone, now };
  } catch (error) {
    request.log.warn(
      { err: error },
      "a member page could not be rendered; it renders in the browser",
    );
    return undefined;
  }
}

export type RenderedPage = { markup: string; locale: Locale; timeZone: string; now: number };

const MODULE_PRELOAD =
  /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)"[^>]*>/g;

/**
 * The document with the page's markup in `#root` (marked with what the browser must adopt it
 * with), in the page's language, without the app shell (index.html's placeholder for pages that
 * wait for the app). The page's code is no longer preloaded by the head: it would share the
 * network with the styles and the first images, which the painted page needs first; the list goes
 * to `data-code`, which main.tsx preloads once the page has painted (as on the landing page).
 */
export function withRenderedPage(html: string, page: RenderedPage): string {
  const code = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const attributes = [
    `data-rendered="${page.locale}"`,
    `data-tz="${escapeAttribute(page.timeZone)}"`,
    `data-at="${page.now}"`,
    `data-code="${[...new Set(code)].join(" ")}"`,
  ].join(" ");
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${page.locale}"`)
    .replace(MODULE_PRELOAD, "")
    .replace('<div id="root"></div>', () => `<div id="root" ${attributes}>${page.markup}</div>`)
    .replace(/\s*<div id="vv-shell"[\s\S]*?<!-- \/vv-shell -->/, "");
}
