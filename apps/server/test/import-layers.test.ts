import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server's layers (docs/patterns.md, "Where code goes"; ADR 044 and 063), read from the
 * code's own relative imports (tests excluded): no import runs back up, and no files import each
 * other in a loop. biome.json refuses the commonest upward imports as they are written; this
 * test holds the whole picture, the composition layer (app.ts, seed/, scripts/, …) included.
 */
const SRC = resolve(__dirname, "../src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Lower floors first: a file may import its own floor or one below. */
function floorOf(file: string): number {
  if (file.startsWith("db/")) return 1;
  if (file.startsWith("lib/") || file.startsWith("config/")) return 2;
  if (file.startsWith("plugins/")) return 3;
  if (file.startsWith("modules/admin/")) return 5;
  if (file.startsWith("modules/")) return 4;
  return 6; // app.ts, fastify.ts, server.ts, jobs.ts, scripts/, seed/
}

const files = new Map(
  sources(SRC).map((path) => [relative(SRC, path), readFileSync(path, "utf8")] as const),
);
const IMPORT = /(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']/gs;
const imports = new Map<string, string[]>();
for (const [file, text] of files) {
  const targets = new Set<string>();
  for (const match of text.matchAll(IMPORT)) {
    const target = normalize(join(dirname(file), match[1] ?? ""));
    const found = [`${target}.ts`, join(target, "index.ts")].find((t) => files.has(t));
    if (found) targets.add(found);
  }
  imports.set(file, [...targets]);
}

/** Strongly connected groups of more than one file (Tarjan). */
function loops(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    onStack.add(v);
    for (const w of imports.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of files.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("server layers (imports of apps/server/src)", () => {
  it("reads the tree", () => {
    expect(files.size).toBeGreaterThan(100);
    expect(imports.get("app.ts")?.length).toBeGreaterThan(20);
  });

  it("has no import that runs back up the layers", () => {
    const upward = [...imports].flatMap(([file, targets]) =>
      targets.filter((t) => floorOf(t) > floorOf(file)).map((t) => `${file} -> ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it("has no import loop", () => {
    expect(loops()).toEqual([]);
  });
});
