/**
 * The app rendered outside the browser, into markup the browser adopts instead of painting it
 * again (the tree is the one boot.tsx hydrates — same providers, same routes):
 * - the landing page ("/") at build time, one per language (see scripts/prerender.mjs);
 * - a member page's first screen per request, by the server, from the data its document carries
 *   (ADR 084).
 */
import type { Locale, PageRenderInput } from "@viewvault/shared";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { LANDING_NAMESPACES, preloadLanding, preloadPage, routes } from "./app/router";
import i18n, { ALL_NAMESPACES, i18nReady } from "./lib/i18n";
import { provideInlined } from "./lib/inlined-data";
import { createQueryClient } from "./lib/query-client";
import { setRendered } from "./lib/server-rendered";

export type PrerenderedPage = { html: string; title: string; description: string };

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

const staticHandler = createStaticHandler(routes);

/**
 * The app's markup at `url` (undefined when the path redirects), every Suspense boundary waited
 * for and inline: no boundary is revealed later by an inline script (the CSP forbids it).
 */
async function renderRoutes(
  url: string,
  options: { signal?: AbortSignal; onError?: (error: unknown) => void } = {},
): Promise<string | undefined> {
  const context = await staticHandler.query(new Request(new URL(url, "http://localhost")));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(staticHandler.dataRoutes, context);
  const queryClient = createQueryClient();
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY, ...options },
    );
    return await streamToString(prelude);
  } finally {
    // The queries started while rendering keep garbage-collection timers (five minutes) that
    // would hold the build (and the server's memory) on to them: none is needed any more.
    queryClient.clear();
  }
}

export async function renderLanding(locale: Locale): Promise<PrerenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(locale);
  await i18n.loadNamespaces(["common", ...LANDING_NAMESPACES]);
  await preloadLanding();
  const html = await renderRoutes("/");
  if (html === undefined) throw new Error("the landing route answered with a redirect");
  const t = i18n.getFixedT(locale, "landing");
  return { html, title: t("meta.title"), description: t("meta.description") };
}

/** One render at a time. */
let queue: Promise<unknown> = Promise.resolve();

/** How long a member page's render may wait for a part (its code, its texts) before giving up. */
const RENDER_TIMEOUT_MS = 2_000;

/**
 * A member page's markup for `<div id="root">`, rendered from the answers its document carries
 * (the same `initialData` the browser starts from), or undefined when the path redirects. Renders
 * run one at a time (the language, the inlined answers and the clock are module-wide). A part that
 * fails is reported to `onError` and left to the browser (React marks its boundary so).
 */
export function renderPage(
  input: PageRenderInput,
  onError: (error: unknown) => void = () => {},
): Promise<string | undefined> {
  const run = queue.then(async () => {
    await i18nReady;
    await i18n.changeLanguage(input.locale);
    const pathname = new URL(input.url, "http://localhost").pathname;
    // Every text is at hand on the server; the browser adopts what it has loaded and waits, with
    // the markup on screen, for the rest.
    await Promise.all([i18n.loadNamespaces(ALL_NAMESPACES), preloadPage(pathname)]);
    provideInlined(input.reads);
    setRendered({ timeZone: input.timeZone, at: input.now, origin: input.origin });
    try {
      return await renderRoutes(input.url, {
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        onError,
      });
    } finally {
      setRendered(undefined);
      provideInlined(undefined);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
