import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export type PagePreloads = Record<string, { js: string[]; locales: Record<string, string[]> }>;

/** dist/page-preloads.json, written by the web build (apps/web/vite.config.ts); {} without it. */
export function readPagePreloads(distDir: string): PagePreloads {
  const file = path.join(distDir, "page-preloads.json");
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, "utf8")) as PagePreloads;
  } catch {
    return {};
  }
}

/**
 * The route module of an app path, by the web app's naming (`/feed` → `feed/feed-page`,
 * `/watch/<id>` → `watch/watch-page`); undefined for any other shape.
 */
function pageModule(urlPath: string): string | undefined {
  const segments = urlPath.split("?")[0]?.split("/").filter(Boolean) ?? [];
  const [first] = segments;
  if (!first || !/^[a-z-]+$/.test(first)) return undefined;
  if (segments.length === 1 || (segments.length === 2 && first === "watch")) {
    return `${first}/${first}-page`;
  }
  return undefined;
}

/**
 * `<link rel="modulepreload">` of the page's own code and locale texts in the document's
 * language (ADR 065): fetched beside the entry script, not after it has run.
 */
export function pagePreloadLinks(preloads: PagePreloads, urlPath: string, locale: string): string {
  const module = pageModule(urlPath);
  const page = module ? preloads[module] : undefined;
  if (!page) return "";
  return [...page.js, ...(page.locales[locale] ?? [])]
    .filter((file) => /^assets\/[\w.-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
    .join("");
}
