import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv, ZEnv } from "./env";

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

  it("refuses in production a passkey RP ID that cannot serve PUBLIC_URL, in one line", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://app.viewvault.example",
      BETTER_AUTH_SECRET: "x".repeat(40),
      VAPID_PUBLIC_KEY: "public",
      VAPID_PRIVATE_KEY: "private",
    };
    try {
      loadEnv({ ...production, PASSKEY_RP_ID: "evil.example" });
      expect.unreachable();
    } catch (error) {
      const problems = (error as EnvError).problems.filter((p) => p.includes("PASSKEY_RP_ID"));
      expect(problems).toEqual([
        "PASSKEY_RP_ID: evil.example is not the host of PUBLIC_URL (app.viewvault.example) nor a parent domain of it: passkeys would never work",
      ]);
    }
    // A parent domain is fine; outside production nothing is refused.
    expect(() => loadEnv({ ...production, PASSKEY_RP_ID: "viewvault.example" })).not.toThrow(
      /PASSKEY_RP_ID/,
    );
    expect(loadEnv({ PASSKEY_RP_ID: "evil.example" }).PASSKEY_RP_ID).toBe("evil.example");
  });

  it("checks passwords against breaches by default in production only", () => {
    expect(loadEnv({}).passwordBreachCheck).toBe(false);
    expect(loadEnv({ PASSWORD_BREACH_CHECK: "1" }).passwordBreachCheck).toBe(true);
    const production = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "x".repeat(40),
      VAPID_PUBLIC_KEY: "public",
      VAPID_PRIVATE_KEY: "private",
    };
    expect(ZEnv.parse(production).passwordBreachCheck).toBe(true);
    expect(ZEnv.parse({ ...production, PASSWORD_BREACH_CHECK: "0" }).passwordBreachCheck).toBe(
      false,
    );
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
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    const env = loadEnv(vars);
    expect(env.embedded).toBe(true);
    expect(env.seedDemo).toBe(true);
    expect(env.devMailbox).toBe(true);
    expect(env.BETTER_AUTH_SECRET).toBeUndefined();
    expect(env.chains).toEqual({});
  });
});

describe("loadEnv: payouts on chain (ADR 057)", () => {
  it("documents every chain variable in .env.example", () => {
    const file = readFileSync(new URL("../../../../.env.example", import.meta.url), "utf8");
    const names = Object.keys(ZEnv.in.shape).filter((n) => /^(CHAIN_|PAYOUT_KEY)/.test(n));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(file).toMatch(new RegExp(`^${name}=`, "m"));
  });

  const KEY = `0x${"ab".repeat(32)}`;

  it("leaves every network in manual mode without an RPC URL (empty = unset)", () => {
    expect(loadEnv({}).chains).toEqual({});
    expect(loadEnv({ CHAIN_ERC20_RPC_URL: "", CHAIN_TRC20_RPC_URL: " " }).chains).toEqual({});
  });

  it("configures a network from its RPC URL with the real USDT contracts and sensible depths", () => {
    const { chains } = loadEnv({
      CHAIN_ERC20_RPC_URL: "http://127.0.0.1:8545",
      CHAIN_BEP20_RPC_URL: "http://127.0.0.1:8546",
      CHAIN_TRC20_RPC_URL: "http://127.0.0.1:8090",
      CHAIN_BEP20_CONFIRMATIONS: "",
    });
    expect(chains.ERC20).toMatchObject({
      token: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
      confirmations: 12,
      explorer: "https://etherscan.io/tx/{hash}",
      chainId: undefined,
      payoutKey: null,
      dailyCapMicroUsdt: null,
    });
    expect(chains.BEP20).toMatchObject({
      token: "0x55d398326f99059fF775485246999027B3197955",
      confirmations: 15,
      explorer: "https://bscscan.com/tx/{hash}",
    });
    expect(chains.TRC20).toMatchObject({
      token: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      explorer: "https://tronscan.org/#/transaction/{hash}",
      apiKey: null,
    });
  });

  it("reads chain id, depth, decimals and the daily cap", () => {
    const { chains } = loadEnv({
      CHAIN_BEP20_RPC_URL: "http://127.0.0.1:8546",
      CHAIN_BEP20_CHAIN_ID: "56",
      CHAIN_BEP20_CONFIRMATIONS: "20",
      CHAIN_BEP20_TOKEN_DECIMALS: "18",
      CHAIN_BEP20_DAILY_CAP_USDT: "2500.5",
    });
    expect(chains.BEP20).toMatchObject({
      chainId: 56,
      confirmations: 20,
      tokenDecimals: 18,
      dailyCapMicroUsdt: 2_500_500_000n,
    });
  });

  it("keeps a hot-wallet key only redacted: never in the env object's JSON or an error", () => {
    const env = loadEnv({ CHAIN_ERC20_RPC_URL: "http://127.0.0.1:8545", PAYOUT_KEY_ERC20: KEY });
    const source = env.chains.ERC20?.payoutKey;
    expect(source && "key" in source ? source.key.reveal() : null).toBe(KEY);
    expect(JSON.stringify(env, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(
      "abab",
    );
    expect("PAYOUT_KEY_ERC20" in env).toBe(false);
    try {
      loadEnv({ CHAIN_ERC20_RPC_URL: "http://127.0.0.1:8545", PAYOUT_KEY_ERC20: "0x1234zz" });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems.join("\n")).toContain("PAYOUT_KEY_ERC20");
      expect((error as EnvError).problems.join("\n")).not.toContain("1234zz");
    }
  });

  it("takes the key from a file path, and refuses both or a key without an RPC", () => {
    const env = loadEnv({
      CHAIN_BEP20_RPC_URL: "http://127.0.0.1:8546",
      PAYOUT_KEY_FILE_BEP20: "/run/secrets/bep20",
    });
    expect(env.chains.BEP20?.payoutKey).toEqual({ file: "/run/secrets/bep20" });
    expect(() =>
      loadEnv({
        CHAIN_BEP20_RPC_URL: "http://127.0.0.1:8546",
        PAYOUT_KEY_BEP20: KEY,
        PAYOUT_KEY_FILE_BEP20: "/run/secrets/bep20",
      }),
    ).toThrow(/PAYOUT_KEY_FILE_BEP20: set either/);
    expect(() => loadEnv({ PAYOUT_KEY_ERC20: KEY })).toThrow(/CHAIN_ERC20_RPC_URL: is required/);
  });

  it("refuses a bad token address, explorer template or cap", () => {
    expect(() =>
      loadEnv({ CHAIN_ERC20_RPC_URL: "http://127.0.0.1:8545", CHAIN_ERC20_TOKEN: "0x12" }),
    ).toThrow(/CHAIN_ERC20_TOKEN/);
    expect(() => loadEnv({ CHAIN_TRC20_EXPLORER: "https://tronscan.org/#/transaction/" })).toThrow(
      /\{hash\}/,
    );
    expect(() => loadEnv({ CHAIN_ERC20_DAILY_CAP_USDT: "-5" })).toThrow(/CHAIN_ERC20_DAILY_CAP/);
  });
});
