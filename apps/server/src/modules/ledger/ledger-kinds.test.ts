import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LEDGER_KINDS } from "@viewvault/shared";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../", import.meta.url));

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name.endsWith(ending) && !f.name.endsWith(`.test${ending}`))
    .map((f) => join(f.parentPath, f.name));
}

/** The kinds of ledger transaction the code posts: ledger_post's first argument, and postMoney's. */
function kindsInCode(): string[] {
  const kinds = new Set<string>();
  for (const file of filesUnder(join(SRC, "db/functions"), ".sql")) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/ledger_post\(\s*'([a-z_]+)'/g)) kinds.add(m[1] as string);
    for (const m of text.matchAll(/ledger_post\(CASE[^)]*?THEN '([a-z_]+)' ELSE '([a-z_]+)'/gs)) {
      kinds.add(m[1] as string);
      kinds.add(m[2] as string);
    }
  }
  for (const file of filesUnder(join(SRC, "modules"), ".ts")) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("postMoney(")) continue;
    for (const m of text.matchAll(/kind: "([a-z_]+)"/g)) kinds.add(m[1] as string);
  }
  return [...kinds].sort();
}

describe("ledger kinds", () => {
  it("lists every kind the code posts (the admin member page names each one)", () => {
    const listed = new Set<string>(LEDGER_KINDS);
    const found = kindsInCode();
    expect(found.length).toBeGreaterThan(15);
    expect(found.filter((kind) => !listed.has(kind))).toEqual([]);
  });
});
