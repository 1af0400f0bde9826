import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./constants";
import { policyFigures } from "./figures";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "locales");

/** Every leaf path of a JSON value ("a.b.0.c"), arrays included, so lengths must match too. */
function leaves(value: unknown, prefix = ""): string[] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

const namespaces = readdirSync(path.join(dir, "en")).filter((f) => f.endsWith(".json"));
const load = (locale: string, ns: string) =>
  JSON.parse(readFileSync(path.join(dir, locale, ns), "utf8"));

describe("locale files", () => {
  it("exist for every locale with the same namespaces", () => {
    for (const locale of LOCALES) {
      expect(
        readdirSync(path.join(dir, locale))
          .filter((f) => f.endsWith(".json"))
          .sort(),
      ).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)("%s has the same keys in every locale", (ns) => {
    const en = leaves(load("en", ns)).sort();
    for (const locale of LOCALES) {
      const other = leaves(load(locale, ns)).sort();
      expect(
        other.filter((k) => !en.includes(k)),
        `${locale}/${ns} keys missing in en`,
      ).toEqual([]);
      expect(
        en.filter((k) => !other.includes(k)),
        `en/${ns} keys missing in ${locale}`,
      ).toEqual([]);
    }
  });

  it.each(namespaces)(
    "%s uses only figures that exist, with the same placeholders in every locale",
    (ns) => {
      const known = new Set(Object.keys(policyFigures("en")));
      for (const locale of LOCALES) {
        const data = load(locale, ns);
        for (const text of strings(data)) {
          expect(text.trim(), `${locale}/${ns} has an empty string`).not.toBe("");
        }
      }
      if (ns !== "pages.json") return;
      for (const locale of LOCALES) {
        for (const text of strings(load(locale, ns))) {
          for (const [, key] of text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) {
            expect(known.has(key as string), `${locale}/${ns}: unknown figure {{${key}}}`).toBe(
              true,
            );
          }
          // Policy texts state figures only through placeholders from the shared constants.
          const withoutPlaceholders = text
            .replace(/\{\{[^}]+\}\}/g, "")
            // Names that contain digits but state no figure.
            .replace(/\b(?:TRC|ERC|BEP)-?20\b|\b0x\b|\b1 (?:view|USDT|visualização) =/g, "");
          expect(withoutPlaceholders, `${locale}/${ns}: a literal figure in "${text}"`).not.toMatch(
            /\d/,
          );
        }
      }
    },
  );
});

describe("locale resources for the server", () => {
  it("list every locale file", async () => {
    const { LOCALE_RESOURCES } = await import("./locales/resources");
    for (const locale of LOCALES) {
      expect(Object.keys(LOCALE_RESOURCES[locale]).sort()).toEqual(
        namespaces.map((f) => f.replace(/\.json$/, "")).sort(),
      );
    }
  });
});
