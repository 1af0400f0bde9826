import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../config/env";
import { createChains } from "./create-chains";

const dir = mkdtempSync(path.join(tmpdir(), "vv-chain-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// anvil's public test account 1 (holds nothing anywhere real).
const KEY = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("createChains", () => {
  it("has no client for a network without an RPC URL (manual mode)", () => {
    expect(createChains(loadEnv({}).chains)).toEqual({});
  });

  it("builds ERC20 and BEP20 clients, with a hot wallet only where a key is configured", () => {
    const file = path.join(dir, "bep20.key");
    writeFileSync(file, `0x${KEY}\n`, { mode: 0o600 });
    const chains = createChains(
      loadEnv({
        CHAIN_ERC20_RPC_URL: "http://127.0.0.1:1",
        CHAIN_BEP20_RPC_URL: "http://127.0.0.1:2",
        PAYOUT_KEY_FILE_BEP20: file,
        CHAIN_BEP20_DAILY_CAP_USDT: "5000",
      }).chains,
    );
    expect(chains.ERC20?.hotWallet).toBeNull();
    expect(chains.ERC20?.requiredConfirmations).toBe(12);
    expect(chains.ERC20?.explorerUrl("0xabc")).toBe("https://etherscan.io/tx/0xabc");
    expect(chains.BEP20?.hotWallet?.address).toBe(ADDRESS);
    expect(chains.BEP20?.hotWallet?.dailyCapMicroUsdt).toBe(5_000_000_000n);
    expect(chains.BEP20?.requiredConfirmations).toBe(15);
    const printed = JSON.stringify(chains.BEP20?.hotWallet, (_k, v) =>
      typeof v === "bigint" ? String(v) : v,
    );
    expect(printed).not.toContain(KEY.slice(0, 16));
  });

  it("builds a TRC20 client that verifies but never sends", () => {
    const chains = createChains(loadEnv({ CHAIN_TRC20_RPC_URL: "http://127.0.0.1:3" }).chains);
    expect(Object.keys(chains)).toEqual(["TRC20"]);
    expect(chains.TRC20?.hotWallet).toBeNull();
    expect(chains.TRC20?.explorerUrl("ab12")).toBe("https://tronscan.org/#/transaction/ab12");
  });

  it("names the variable and path of an unreadable or bad key file, never its content", () => {
    const bad = path.join(dir, "bad.key");
    writeFileSync(bad, "not-a-key-but-secret-text");
    const env = (file: string) =>
      loadEnv({ CHAIN_ERC20_RPC_URL: "http://127.0.0.1:1", PAYOUT_KEY_FILE_ERC20: file }).chains;
    expect(() => createChains(env(path.join(dir, "missing.key")))).toThrow(
      /PAYOUT_KEY_FILE_ERC20: cannot read .*missing\.key \(ENOENT\)/,
    );
    try {
      createChains(env(bad));
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/PAYOUT_KEY_FILE_ERC20: .*bad\.key does not hold/);
      expect((error as Error).message).not.toContain("secret-text");
    }
  });
});
