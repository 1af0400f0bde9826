import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config/env";
import { createChains } from "../../src/modules/chain/create-chains";
import { type LocalChains, startLocalChains } from "./local-chain.mjs";

let chains: LocalChains;
beforeAll(async () => {
  chains = await startLocalChains();
});
afterAll(() => chains?.stop());

describe("startLocalChains (two anvil nodes)", () => {
  it("answers with chain ids 1 and 56 and USDT-like tokens at 6 and 18 decimals", async () => {
    expect(chains.erc20.chainId).toBe(1);
    expect(chains.bep20.chainId).toBe(56);
    expect(Number(await chains.rpc("ERC20", "eth_chainId"))).toBe(1);
    expect(Number(await chains.rpc("BEP20", "eth_chainId"))).toBe(56);
    expect(await chains.tokenBalance("ERC20", chains.erc20.hotWallet)).toBe(1_000_000n * 10n ** 6n);
    expect(await chains.tokenBalance("BEP20", chains.bep20.hotWallet)).toBe(
      1_000_000n * 10n ** 18n,
    );
  });

  it("moves tokens with transferAs and mines blocks on demand", async () => {
    const to = "0x000000000000000000000000000000000000bEEF";
    await chains.transferAs("ERC20", chains.erc20.hotWalletKey, to, 1_500_000n);
    expect(await chains.tokenBalance("ERC20", to)).toBe(1_500_000n);
    const before = await chains.blockNumber("ERC20");
    await chains.mine("ERC20", 5);
    expect(await chains.blockNumber("ERC20")).toBe(before + 5n);
  });

  it("gives the server's environment for both chains, which createChains turns into clients", async () => {
    const chains_ = createChains(loadEnv(chains.env()).chains);
    expect(Object.keys(chains_).sort()).toEqual(["BEP20", "ERC20"]);
    expect(chains_.ERC20?.requiredConfirmations).toBe(2);
    expect(chains_.BEP20?.hotWallet?.address).toBe(chains.bep20.hotWallet);
    await chains_.ERC20?.ready?.();
    await chains_.BEP20?.ready?.();
    expect(loadEnv(chains.env({ hotWallet: false })).chains.ERC20?.payoutKey).toBeNull();
  });
});
