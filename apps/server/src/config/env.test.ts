import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

describe("loadEnv", () => {
  it("defaults to the embedded database with demo data", () => {
    const env = loadEnv({});
    expect(env.embedded).toBe(true);
    expect(env.seedDemo).toBe(true);
    expect(env.PORT).toBe(3000);
  });

  it("derives the public address from PORT unless PUBLIC_URL is set", () => {
    expect(loadEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadEnv({ PORT: "4100" }).PUBLIC_URL).toBe("http://localhost:4100");
    expect(loadEnv({ PORT: "4100", PUBLIC_URL: "https://viewvault.example" }).PUBLIC_URL).toBe(
      "https://viewvault.example",
    );
  });

  it("turns demo data off on PostgreSQL unless asked", () => {
    expect(loadEnv({ DATABASE_URL: "postgres://localhost/x" }).seedDemo).toBe(false);
    expect(loadEnv({ DATABASE_URL: "postgres://localhost/x", SEED_DEMO: "1" }).seedDemo).toBe(true);
  });

  it("names every bad variable", () => {
    try {
      loadEnv({ PORT: "abc", PUBLIC_URL: "nope" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const text = (error as EnvError).message;
      expect(text).toContain("PORT");
      expect(text).toContain("PUBLIC_URL");
    }
  });

  it("asks for REDIS_URL when the rate limiter uses Redis", () => {
    expect(() => loadEnv({ RATE_LIMIT_STORE: "redis" })).toThrow(
      "REDIS_URL: is required when RATE_LIMIT_STORE=redis",
    );
  });

  it("takes TRUST_PROXY as a hop count or the proxies' addresses, and refuses true", () => {
    for (const off of ["", "false", "0", "off"])
      expect(loadEnv({ TRUST_PROXY: off }).TRUST_PROXY).toBe(false);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(
      loadEnv({ TRUST_PROXY: "10.0.0.2, 10.1.0.0/16,::1,fd00::/8,loopback" }).TRUST_PROXY,
    ).toEqual(["10.0.0.2", "10.1.0.0/16", "::1", "fd00::/8", "loopback"]);
    for (const bad of ["true", "yes"]) {
      try {
        loadEnv({ TRUST_PROXY: bad });
        expect.unreachable();
      } catch (error) {
        const problems = (error as EnvError).problems;
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(/^TRUST_PROXY: .*number of proxies.*addresses\/CIDRs/);
      }
    }
    for (const bad of ["proxy.internal", "10.0.0.0/33", "10.0.0.1/8/8", "999.1.1.1"]) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: .*not a proxy address/,
      );
    }
  });

  it("accepts .env.example as it is (empty values mean unset)", () => {
    const file = readFileSync(new URL("../../../../.env.example", import.meta.url), "utf8");
    const vars = Object.fromEntries(
      file
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    const env = loadEnv(vars);
    expect(env.embedded).toBe(true);
    expect(env.seedDemo).toBe(true);
    expect(env.devMailbox).toBe(true);
    expect(env.BETTER_AUTH_SECRET).toBeUndefined();
  });
});
