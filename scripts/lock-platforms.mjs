#!/usr/bin/env node
// The registry this project installs from lacks some platform binaries of @biomejs/biome
// (macOS, Windows, Android, musl). npm then leaves them out of package-lock.json and `npm ci`
// refuses the lock. This records them as optional, platform-bound entries, which npm skips on
// any other platform without fetching; `npm install` keeps them. Run `npm run lock:platforms`
// after upgrading Biome.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const platforms = {
  "android-arm64": { os: ["android"], cpu: ["arm64"] },
  "android-x64": { os: ["android"], cpu: ["x64"] },
  "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "linux-arm64": { os: ["linux"], cpu: ["arm64"], libc: ["glibc"] },
  "linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
  "linux-x64": { os: ["linux"], cpu: ["x64"], libc: ["glibc"] },
  "linux-x64-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
  "win32-arm64": { os: ["win32"], cpu: ["arm64"] },
  "win32-x64": { os: ["win32"], cpu: ["x64"] },
};
const biome = lock.packages["node_modules/@biomejs/biome"];
let added = 0;
if (biome) {
  for (const [name, version] of Object.entries(biome.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const platform = platforms[name.replace("@biomejs/cli-", "")];
    if (!platform) continue;
    lock.packages[key] = {
      version,
      resolved: `https://registry.npmjs.org/${name}/-/${name.split("/")[1]}-${version}.tgz`,
      dev: true,
      optional: true,
      ...platform,
      license: "MIT OR Apache-2.0",
    };
    added++;
  }
}
if (added) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
    ),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: recorded ${added} platform-only optional packages`);
}
