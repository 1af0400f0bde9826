#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources changed since the last build,
// then runs the server (which migrates, seeds demo data on the embedded database, and serves).
// First of all: an older Node than the floor gets one clear line, not a stack trace (ADR 056).
import { nodeTooOld } from "./node-version.mjs";

const tooOld = nodeTooOld(process.versions.node);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

const { spawn, spawnSync } = await import("node:child_process");
const { existsSync, readdirSync, statSync, writeFileSync } = await import("node:fs");
const { default: path } = await import("node:path");
const { fileURLToPath } = await import("node:url");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = path.join(root, "apps/server/dist/.build-stamp");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/public",
  "apps/web/scripts",
  "apps/web/package.json",
  "apps/server/src",
  "apps/server/build.mjs",
  "packages/shared/src",
  "package-lock.json",
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const stale =
  !existsSync(stamp) ||
  !existsSync(path.join(root, "apps/web/dist/index.html")) ||
  sources.some((s) => newest(path.join(root, s)) > statSync(stamp).mtimeMs);

if (stale || process.env.FORCE_BUILD === "1") {
  console.log("[viewvault] building the web app and the server…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

const server = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/server.js"], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
