/**
 * Build-time render of the landing page ("/"), one per language (see scripts/prerender.mjs).
 * The tree is the one main.tsx hydrates — same providers, same routes — so the browser adopts
 * the markup instead of painting it again.
 */
import type { Locale } from "@viewvault/shared";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { LANDING_NAMESPACES, preloadLanding, routes } from "./app/router";
import i18n, { i18nReady } from "./lib/i18n";
import { createQueryClient } from "./lib/query-client";

export type PrerenderedPage = { html: string; title: string; description: string };

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

export async function renderLanding(locale: Locale): Promise<PrerenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(locale);
  await i18n.loadNamespaces(["common", ...LANDING_NAMESPACES]);
  await preloadLanding();

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("the landing route answered with a redirect");
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient = createQueryClient();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    // Everything inline: no boundary is revealed later by an inline script (the CSP forbids it).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  // The queries started while rendering keep garbage-collection timers (five minutes) that
  // would hold the build open: nothing of them is needed once the markup exists.
  queryClient.clear();
  const t = i18n.getFixedT(locale, "landing");
  return { html, title: t("meta.title"), description: t("meta.description") };
}
