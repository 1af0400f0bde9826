import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// semver ships no types; these two functions are all this test needs.
const semver = createRequire(import.meta.url)("semver") as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

const root = new URL("../../../", import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(new URL(file, root), "utf8"));

describe("Node version", () => {
  // The floor (Node 24 LTS, ADR 056) and the current release CI also runs on (.ci/run).
  it.each(["floor", "26.12.1"])(
    "every package in the lock supports Node %s (no EBADENGINE)",
    (which) => {
      const promised = read("package.json").engines.node as string;
      const oldest = which === "floor" ? (semver.minVersion(promised)?.version as string) : which;
      if (which === "floor") expect(oldest).toBe("24.15.0");
      const packages = read("package-lock.json").packages as Record<
        string,
        { version?: string; engines?: { node?: string } }
      >;
      const refusing = Object.entries(packages)
        .filter(([, p]) => p.engines?.node && !semver.satisfies(oldest, p.engines.node))
        .map(([path, p]) => `${path}@${p.version} wants Node ${p.engines?.node}`);
      expect(refusing).toEqual([]);
    },
  );
});
