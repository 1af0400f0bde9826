import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";

const src = fileURLToPath(new URL("./src", import.meta.url));
const locales = fileURLToPath(new URL("../../packages/shared/src/locales", import.meta.url));

/**
 * @viewvault/shared defines zod contracts at module level. Its modules only declare things, so
 * they are marked side-effect free and unused schemas (and zod with them) stay out of pages
 * that only read constants.
 */
function sharedWithoutSideEffects(): Plugin {
  return {
    name: "viewvault:shared-side-effect-free",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]packages[\\/]shared[\\/]src[\\/].+\.ts$/.test(id)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * main.tsx only imports the app (src/boot.tsx) dynamically, so that the prerendered landing page
 * can paint before it downloads. Every other page needs it at once: index.html modulepreloads
 * it and its imports, marked `data-boot` so scripts/prerender.mjs drops them from the landing.
 */
function preloadBoot(): Plugin {
  return {
    name: "viewvault:preload-boot",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const boot = Object.values(bundle).find(
          (output) =>
            output.type === "chunk" && /[\\/]src[\\/]boot\.tsx$/.test(output.facadeModuleId ?? ""),
        );
        if (boot?.type !== "chunk") throw new Error("src/boot.tsx has no chunk");
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === "chunk") for (const imported of chunk.imports) visit(imported);
        };
        visit(boot.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}`, "data-boot": true },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

/**
 * dist/page-preloads.json: for each page of src/app/router.tsx (a `lazyPage` of
 * "./routes/<dir>/<name>"), the script files its route needs before it can paint — its chunk and
 * the chunks it imports that the boot chunk does not — and, per language, its locale chunks
 * (with "common" and "errors", which every page loads). The server modulepreloads them in the
 * page's document, so the route's code travels beside the entry instead of after it (ADR 065).
 */
function pagePreloads(): Plugin {
  const routerFile = fileURLToPath(new URL("./src/app/router.tsx", import.meta.url));
  return {
    name: "viewvault:page-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const source = readFileSync(routerFile, "utf8");
      const pages = [
        ...source.matchAll(
          /lazyPage(?:<[^>]*>)?\(\s*\(\) =>\s*import\("\.\/routes\/([^"]+)"\)[^,]*,?\s*(?:(\[[^\]]*\])|([A-Z_]+))?/g,
        ),
      ];
      if (pages.length !== source.match(/= lazyPage/g)?.length) {
        throw new Error("page-preloads: a lazyPage of router.tsx was not understood");
      }
      const chunks = Object.values(bundle).filter((o) => o.type === "chunk");
      const byModule = (test: (id: string) => boolean) =>
        chunks.find((c) => c.facadeModuleId && test(c.facadeModuleId.replaceAll("\\", "/")));
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === "chunk") for (const file of chunk.imports) closure(file, into);
        return into;
      };
      const boot = byModule((id) => id.endsWith("/src/boot.tsx"));
      const entry = chunks.find((c) => c.isEntry);
      if (!boot || !entry) throw new Error("page-preloads: no boot or entry chunk");
      const upfront = closure(boot.fileName, closure(entry.fileName));
      const localeFile = (lang: string, ns: string) =>
        byModule((id) => id.endsWith(`/locales/${lang}/${ns}.json`))?.fileName;
      const constants: Record<string, string[]> = {
        LANDING_NAMESPACES: ["landing"],
      };
      const out: Record<string, { js: string[]; locales: Record<string, string[]> }> = {};
      for (const [, page, list, constant] of pages) {
        if (!page) continue;
        const chunk = byModule((id) => id.includes(`/src/app/routes/${page}.tsx`));
        if (!chunk) throw new Error(`page-preloads: no chunk for routes/${page}`);
        const namespaces = [
          "common",
          "errors",
          ...(list ? (JSON.parse(list) as string[]) : constant ? (constants[constant] ?? []) : []),
        ];
        const locales: Record<string, string[]> = {};
        for (const lang of ["en", "pt-BR"]) {
          locales[lang] = [...new Set(namespaces)]
            .map((ns) => localeFile(lang, ns))
            .filter((file): file is string => Boolean(file));
        }
        out[page] = { js: [...closure(chunk.fileName)].filter((f) => !upfront.has(f)), locales };
      }
      this.emitFile({
        type: "asset",
        fileName: "page-preloads.json",
        source: JSON.stringify(out, null, 1),
      });
    },
  };
}

/** The browser bar and splash colours (--background of each theme; also in src/lib/theme.ts). */
const THEME_COLORS = { light: "#fbfcff", dark: "#0b1020" };

const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

/**
 * dist/offline.html: what the service worker shows when a page is opened without a connection.
 * Static (no app code, no API, so no figure that could be stale), in both languages from the
 * locale files (common.json `offline`); public/offline.js shows the member's language (the stored
 * choice, else the browser's) and theme.
 */
function offlinePage(): Plugin {
  const texts = (locale: string) =>
    (
      JSON.parse(readFileSync(`${locales}/${locale}/common.json`, "utf8")) as {
        offline: { title: string; body: string; retry: string; home: string };
      }
    ).offline;
  return {
    name: "viewvault:offline-page",
    apply: "build",
    generateBundle() {
      if (this.environment.config.build.ssr) return;
      const section = (locale: string, hidden: boolean) => {
        const t = texts(locale);
        return `<main lang="${locale}" data-title="${escapeHtml(t.title)}"${hidden ? " hidden" : ""}>
      <svg aria-hidden="true" viewBox="0 0 32 32" width="56" height="56"><defs><linearGradient id="g-${locale}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#06b6d4"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#g-${locale})"/><path d="M9 10l7 13 7-13" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>
      <h1>${escapeHtml(t.title)}</h1>
      <p>${escapeHtml(t.body)}</p>
      <p><button type="button" data-retry>${escapeHtml(t.retry)}</button> <a href="/">${escapeHtml(t.home)}</a></p>
    </main>`;
      };
      const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="color-scheme" content="light dark" />
    <title>${escapeHtml(texts("en").title)} · ViewVault</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <style>
      :root { color-scheme: light; --bg: ${THEME_COLORS.light}; --fg: #111827; --muted: #4b5563; --accent: #6d28d9; }
      :root.dark { color-scheme: dark; --bg: ${THEME_COLORS.dark}; --fg: #f3f4f6; --muted: #cbd5e1; --accent: #c4b5fd; }
      body { margin: 0; min-height: 100dvh; display: grid; place-items: center; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, sans-serif; }
      main { max-width: 28rem; padding: 2rem 1.5rem; text-align: center; }
      main[hidden] { display: none; }
      h1 { font-size: 1.5rem; margin: 1rem 0 0.5rem; }
      p { color: var(--muted); }
      button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.6rem; border: 0; background: var(--accent); color: var(--bg); cursor: pointer; }
      a { color: var(--accent); margin-left: 1rem; }
      button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 3px; }
    </style>
  </head>
  <body>
    ${section("en", false)}
    ${section("pt-BR", true)}
    <script src="/offline.js"></script>
  </body>
</html>
`;
      this.emitFile({ type: "asset", fileName: "offline.html", source: html });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server-side render runs React's production build whatever the server's NODE_ENV.
  ...(isSsrBuild ? { define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
  plugins: [
    react(),
    tailwindcss(),
    sharedWithoutSideEffects(),
    preloadBoot(),
    pagePreloads(),
    offlinePage(),
    // Installable app (ADR 034): the manifest, and a service worker that precaches the built
    // code and icons, leaves /api to the network (never cached) and answers a page opened
    // without a connection with offline.html. Registered by src/lib/service-worker.ts in
    // production builds only; nothing runs in the dev server.
    VitePWA({
      strategies: "generateSW",
      injectRegister: false,
      registerType: "autoUpdate",
      manifest: {
        id: "/",
        name: "ViewVault",
        short_name: "ViewVault",
        description: "Watch, earn views, convert them to USDT and send them to other members.",
        lang: "en",
        start_url: "/dashboard",
        scope: "/",
        display: "standalone",
        theme_color: THEME_COLORS.dark,
        background_color: THEME_COLORS.dark,
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          {
            src: "/icons/maskable-192.png",
            sizes: "192x192",
            type: "image/png",
            purpose: "maskable",
          },
          {
            src: "/icons/maskable-512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
      },
      workbox: {
        // The hashed code, styles and icons and the offline page; not index.html nor the
        // prerendered landings: pages always come from the server (statuses, language, fresh
        // figures), so a cached page can never pass for the current one.
        globPatterns: ["assets/**/*.{js,css,woff2}", "*.{svg,png}", "icons/*.png", "offline.*"],
        // The password-strength dictionaries (a megabyte compressed) load only on the password forms.
        globIgnores: ["assets/password-strength-engine-*.js"],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // Web Push: shows a notification and opens its page on click (public/sw-push.js, ADR 059).
        importScripts: ["/sw-push.js"],
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Pages: the network; without one, the offline page.
            urlPattern: ({ request, url }) =>
              request.mode === "navigate" && !url.pathname.startsWith("/api/"),
            handler: "NetworkOnly",
            options: { precacheFallback: { fallbackURL: "/offline.html" } },
          },
        ],
      },
    }),
  ],
  // The server-side render (src/server-render.tsx, ADR 084) carries its own copies of React, the
  // router and i18next: the server loads it beside its own i18next without sharing one instance.
  ssr: { noExternal: true },
  resolve: {
    alias: {
      "@": src,
      "@locales": locales,
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    target: "es2022",
    modulePreload: {
      // main.tsx's import of the app (boot.tsx) needs no preload links: a page that waits for the
      // app has them in its head (`preloadBoot`), a painted page loads the files itself
      // (`data-code`, ADR 084).
      resolveDependencies: (filename, deps) =>
        /(^|\/)boot-[\w-]+\.js$/.test(filename) ? [] : deps,
    },
    rolldownOptions: {
      // Schema definitions next to used constants (DOCUMENT_SLUGS) are dropped when unused.
      treeshake: { manualPureFunctions: ["z"] },
    },
  },
  test: {
    name: "web",
    root: fileURLToPath(new URL(".", import.meta.url)),
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // The same realistic budget as the server's tests: a busy two-core machine renders a whole
    // route (providers, layout, lazy page) in seconds, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Node 25+ defines its own global localStorage and warns on every worker that touches it
    // without --localstorage-file; the tests use jsdom's storage, so Node's is turned off.
    execArgv: ["--no-experimental-webstorage"],
  },
}));
