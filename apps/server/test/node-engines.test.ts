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
  it("every package in the lock supports the oldest Node the README promises (no EBADENGINE)", () => {
    const promised = read("package.json").engines.node as string;
    const oldest = semver.minVersion(promised)?.version as string;
    expect(oldest).toBe("20.19.0");
    const packages = read("package-lock.json").packages as Record<
      string,
      { version?: string; engines?: { node?: string } }
    >;
    const refusing = Object.entries(packages)
      .filter(([, p]) => p.engines?.node && !semver.satisfies(oldest, p.engines.node))
      .map(([path, p]) => `${path}@${p.version} wants Node ${p.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
