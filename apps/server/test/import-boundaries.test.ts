import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The import boundaries live in biome.json (`noRestrictedImports` overrides, docs/patterns.md
 * "Where code goes"). These tests prove each rule fails on a deliberate violation and passes on
 * an allowed import: they lint probe files laid out like the repository in a temporary folder,
 * with the repository's own biome.json (version control off, nothing else changed).
 */
const ROOT = resolve(__dirname, "../../..");
const BIOME = join(ROOT, "node_modules/.bin/biome");
const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));

const sandbox = mkdtempSync(join(tmpdir(), "vv-boundaries-"));
writeFileSync(
  join(sandbox, "biome.json"),
  JSON.stringify({ ...config, $schema: undefined, vcs: { enabled: false } }),
);
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

let probes = 0;
/** Lints one probe file at `path` importing `specifier`: the boundary diagnostics it raised. */
function lint(path: string, specifier: string): string[] {
  const dir = join(sandbox, `case-${probes++}`);
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(join(dir, "biome.json"), readFileSync(join(sandbox, "biome.json")));
  writeFileSync(file, `import { x } from "${specifier}";\n\nexport const y = x;\n`);
  try {
    execFileSync(BIOME, ["lint", "--colors=off", "--max-diagnostics=20", path], {
      cwd: dir,
      stdio: "pipe",
    });
    return [];
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    const out = `${stdout ?? ""}${stderr ?? ""}`;
    const found = out.split("\n").filter((l) => l.includes("lint/style/noRestrictedImports"));
    if (found.length === 0) throw new Error(`biome failed for another reason:\n${out}`);
    return found;
  }
}

describe("import boundaries (biome.json)", () => {
  it.each([
    ["apps/server/src/plugins/probe.ts", "../modules/auth/auth"],
    ["apps/server/src/lib/probe.ts", "../modules/mail/mail.repository"],
    ["apps/server/src/db/seed/probe.ts", "../../modules/auth/create-account"],
    ["apps/server/src/modules/swap/swap.service.ts", "../audit/audit.repository"],
    ["apps/server/src/modules/support/support.service.ts", "../step-up/step-up.repository"],
    ["apps/server/src/modules/admin/payouts/x.service.ts", "../members/admin-members.repository"],
    ["apps/server/src/modules/support/support.service.ts", "../admin/payouts/x.service"],
    ["apps/server/src/modules/swap/swap.routes.ts", "./swap.repository"],
    ["apps/web/src/features/events/components/probe.tsx", "@/features/presence/api/x"],
    ["apps/web/src/features/events/components/probe.tsx", "../../presence/api/x"],
    ["apps/web/src/features/events/probe.tsx", "../presence/api/x"],
    // A feature reaches its own files relatively; the alias is for components/ and lib/.
    ["apps/web/src/features/events/components/probe.tsx", "@/features/events/api/x"],
    // A feature with no line of its own in biome.json is covered all the same.
    ["apps/web/src/features/brand-new/components/probe.tsx", "@/features/events/api/x"],
    ["apps/web/src/lib/probe.ts", "@/features/presence/hooks/x"],
    ["apps/web/src/components/ui/probe.tsx", "@/features/auth"],
  ])("refuses %s importing %s", (path, specifier) => {
    expect(lint(path, specifier)).not.toHaveLength(0);
  });

  it.each([
    ["apps/server/src/plugins/probe.ts", "../lib/member"],
    ["apps/server/src/modules/audit/audit.service.ts", "./audit.repository"],
    ["apps/server/src/modules/swap/swap.service.ts", "../profiles/profiles.repository"],
    ["apps/server/src/modules/admin/members/x.service.ts", "../../ledger/ledger.repository"],
    ["apps/server/src/modules/swap/swap.routes.ts", "./swap.service"],
    ["apps/server/src/modules/swap/swap.test.ts", "../../plugins/auth"],
    ["apps/web/src/features/events/components/probe.tsx", "../api/x"],
    ["apps/web/src/features/events/probe.tsx", "./components/x"],
    ["apps/web/src/features/events/components/probe.tsx", "@/components/ui/button"],
  ])("allows %s importing %s", (path, specifier) => {
    expect(lint(path, specifier)).toHaveLength(0);
  });

  it("keeps one rule for every web feature (no copy per feature)", () => {
    const perFeature = (config.overrides as Array<{ includes: string[] }>).filter((o) =>
      o.includes.some((i) => /^apps\/web\/src\/features\/[\w-]+\//.test(i)),
    );
    expect(perFeature).toEqual([]);
  });
});
