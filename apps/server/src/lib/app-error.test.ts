import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_CODES, type ErrorCode, LOCALES } from "@viewvault/shared";
import { describe, expect, it } from "vitest";
import { AppError, renderError } from "./app-error";
import { hasKey, translator } from "./i18n";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return entry === "node_modules" ? [] : sources(file);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [file] : [];
  });
}

describe("the error catalogue", () => {
  it("has a message for every code in every language", () => {
    for (const code of Object.keys(ERROR_CODES)) {
      for (const locale of LOCALES) {
        expect(translator(locale)(`errors:${code}`), `${locale} ${code}`).not.toBe(code);
      }
    }
  });

  it("has every variant the code asks for (code + context literals in the sources)", () => {
    const files = [
      ...sources(path.join(root, "apps/server/src")),
      ...sources(path.join(root, "packages/shared/src")),
    ];
    const used = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(
        /(?:AppError\(\s*|code:\s*)"([A-Z_]+)"[^;]{0,160}?context:\s*"(\w+)"/g,
      )) {
        used.add(`${m[1]}_${m[2]}`);
      }
    }
    // The money commands refuse with the same codes: vv_refuse('CODE', '{"context": "x"}') or
    // vv_refuse('CODE', jsonb_build_object('context', 'x', …)). Their live definitions are the
    // database functions' files (ADR 042); the legacy migrations hold stale copies.
    const functions = path.join(root, "apps/server/src/db/functions");
    for (const file of readdirSync(functions).filter((f) => f.endsWith(".sql"))) {
      const text = readFileSync(path.join(functions, file), "utf8");
      for (const m of text.matchAll(
        /vv_refuse\('([A-Z_]+)',\s*(?:'\{"context":\s*"(\w+)"|jsonb_build_object\('context',\s*'(\w+)')/g,
      )) {
        used.add(`${m[1]}_${m[2] ?? m[3]}`);
      }
      for (const m of text.matchAll(/vv_refuse\('([A-Z_]+)'/g)) {
        expect(Object.keys(ERROR_CODES), `${file}: ${m[1]}`).toContain(m[1]);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    for (const key of used) expect(hasKey(`errors:${key}`), key).toBe(true);
  });

  it("renders a refusal in the member's language with its parameters", () => {
    const params = { context: "boost", cost: "100" };
    expect(renderError("INSUFFICIENT_BALANCE", params, "en")).toBe(
      "You need at least 100 views to boost a video",
    );
    expect(renderError("INSUFFICIENT_BALANCE", params, "pt-BR")).toBe(
      "Você precisa de pelo menos 100 views para impulsionar um vídeo",
    );
    expect(new AppError("NOT_FOUND" as ErrorCode, { context: "profile" }).message).toBe(
      "User not found",
    );
    expect(renderError("NOT_FOUND", { context: "profile" }, "pt-BR")).toBe(
      "Usuário não encontrado",
    );
  });

  it("renders a remembered message the same again, and a message with values afresh", () => {
    for (let i = 0; i < 2; i++) {
      expect(renderError("EVENT_ALREADY_CLAIMED", { context: "daily" }, "en")).toBe(
        translator("en")("errors:EVENT_ALREADY_CLAIMED", { context: "daily" }),
      );
      expect(renderError("EVENT_ALREADY_CLAIMED", { context: "daily" }, "pt-BR")).toBe(
        translator("pt-BR")("errors:EVENT_ALREADY_CLAIMED", { context: "daily" }),
      );
    }
    expect(renderError("INSUFFICIENT_BALANCE", { context: "boost", cost: "100" }, "en")).toContain(
      "100",
    );
    expect(renderError("INSUFFICIENT_BALANCE", { context: "boost", cost: "250" }, "en")).toContain(
      "250",
    );
  });
});
