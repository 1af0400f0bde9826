// Bundles the server into dist/server.js (our code and @viewvault/shared inlined, npm
// dependencies left external) and copies the SQL migrations and database functions next to it.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@viewvault/"));

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { server: "src/server.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  external,
  logLevel: "warning",
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
cpSync("src/db/migrations", "dist/migrations", { recursive: true });
cpSync("src/db/functions", "dist/functions", { recursive: true });
console.log("server built: dist/server.js");
