#!/usr/bin/env node
// The registry this project installs from lacks some platform binaries of packages that ship
// one binary package per platform (@biomejs/biome, knip's oxc-parser): npm then leaves them out
// of package-lock.json and `npm ci` refuses the lock. This records every missing optional
// dependency of such a package as an optional, platform-bound entry, which npm skips on any
// other platform without fetching; `npm install` keeps them. The platform (os, cpu, libc) is read
// from the registry's newest version of the binary package. Run `npm run lock:platforms` after
// upgrading Biome or knip.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));

/** os/cpu/libc/license of a binary package, from the newest version the registry has. */
function platformOf(name) {
  const out = execFileSync("npm", ["view", name, "os", "cpu", "libc", "license", "--json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const meta = JSON.parse(out || "{}");
  if (!meta.os || !meta.cpu) throw new Error(`${name}: the registry gives no os/cpu`);
  return {
    os: meta.os,
    cpu: meta.cpu,
    ...(meta.libc ? { libc: meta.libc } : {}),
    ...(meta.license ? { license: meta.license } : {}),
  };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  if (!key.startsWith("node_modules/") || !entry.optionalDependencies) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const target = `node_modules/${name}`;
    if (lock.packages[target]) continue;
    const { license, ...platform } = platformOf(name);
    lock.packages[target] = {
      version,
      resolved: `https://registry.npmjs.org/${name}/-/${name.split("/").at(-1)}-${version}.tgz`,
      dev: entry.dev ?? undefined,
      optional: true,
      ...platform,
      ...(license ? { license } : {}),
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
} else {
  console.log("package-lock.json: every platform package is recorded");
}
