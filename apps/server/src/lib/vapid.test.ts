import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveVapidKeys } from "./vapid";

describe("VAPID keys", () => {
  it("are generated once into the data directory and kept", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vv-vapid-"));
    const first = resolveVapidKeys({}, "mailto:a@b.c", dir);
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(resolveVapidKeys({}, "mailto:a@b.c", dir)).toEqual(first);
    expect(readdirSync(dir)).toEqual(["vapid-keys.json"]);
  });

  it("configured keys win and nothing is written", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vv-vapid-"));
    const keys = resolveVapidKeys({ publicKey: "pub", privateKey: "priv" }, "https://x.y", dir);
    expect(keys).toEqual({ publicKey: "pub", privateKey: "priv", subject: "https://x.y" });
    expect(readdirSync(dir)).toEqual([]);
  });
});
