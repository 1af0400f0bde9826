import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
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

export default defineConfig({
  plugins: [react(), tailwindcss(), sharedWithoutSideEffects(), preloadBoot()],
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
  },
});
