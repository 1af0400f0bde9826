// The Node floor `npm start` checks before anything else (scripts/node-version.mjs, ADR 056).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const modulePath = path.join(root, "scripts/node-version.mjs");
const { NODE_FLOOR, nodeTooOld } = (await import(modulePath)) as {
  NODE_FLOOR: string;
  nodeTooOld: (version: string) => string | null;
};

describe("the Node floor", () => {
  it("refuses Node 20 and 22 and an early 24 with one line naming Node 24", () => {
    for (const version of ["20.20.2", "22.22.0", "24.14.1"]) {
      const line = nodeTooOld(version);
      expect(line).toContain("Node 24 LTS");
      expect(line).toContain(`this is Node ${version}`);
      expect(line).not.toContain("\n");
    }
  });

  it("accepts Node 24 LTS and 26", () => {
    for (const version of ["24.15.0", "24.21.0", "25.0.0", "26.12.1", "100.0.0"])
      expect(nodeTooOld(version)).toBeNull();
  });

  it("is the floor package.json declares", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pkg.engines.node).toBe(`>=${NODE_FLOOR.replace(/\.0$/, "")}`);
  });
});
