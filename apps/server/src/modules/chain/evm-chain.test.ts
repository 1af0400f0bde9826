import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  ANVIL_KEYS,
  type LocalChains,
  type LocalNet,
  startLocalChains,
} from "../../../test/chain/local-chain.mjs";
import type { EvmChainConfig } from "../../config/env";
import { Redacted } from "../../lib/redacted";
import { BroadcastError } from "./broadcast-error";
import type { ChainClient } from "./chain.types";
import { createEvmChain } from "./evm-chain";

// The EVM client against two real anvil nodes (chain ids 1 and 56; USDT-like tokens at 6 and 18
// decimals). Skipped, saying why, only when anvil cannot start on this machine.
let chains: LocalChains | null = null;
let skipReason = "";
try {
  chains = await startLocalChains();
} catch (error) {
  skipReason = `anvil could not start: ${(error as Error).message}`;
  console.warn(`evm-chain tests skipped — ${skipReason}`);
}
afterAll(() => chains?.stop());

const MEMBER = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const USDT_1_5 = 1_500_000n;

function local(): LocalChains {
  if (!chains) throw new Error(skipReason);
  return chains;
}

describe.skipIf(!chains).each([
  { net: "ERC20" as LocalNet, decimals: 6, confirmations: 12 },
  { net: "BEP20" as LocalNet, decimals: 18, confirmations: 15 },
])("$net client (viem, $decimals decimals)", ({ net, decimals, confirmations }) => {
  const info = () => (net === "ERC20" ? local().erc20 : local().bep20);
  const units = (micro: bigint) => micro * 10n ** BigInt(decimals - 6);
  function config(overrides: Partial<EvmChainConfig> = {}): EvmChainConfig {
    return {
      network: net as "ERC20" | "BEP20",
      rpcUrl: info().rpcUrl,
      token: info().token,
      tokenDecimals: undefined, // read from the contract
      confirmations,
      explorer: "https://explorer.example/tx/{hash}",
      chainId: info().chainId,
      payoutKey: null,
      dailyCapMicroUsdt: null,
      ...overrides,
    };
  }
  let client: ChainClient;
  const chain = () => {
    client ??= createEvmChain(config(), { payoutKey: new Redacted(info().hotWalletKey) });
    return client;
  };
  const send = (to: string, amount: bigint, options = {}) =>
    local().transferAs(net, info().hotWalletKey, to, amount, options);

  afterEach(async () => {
    await local().setAutomine(net, true);
  });

  it(`accepts ${decimals === 6 ? "1,500,000" : "1.5e18"} units as exactly 1.5 USDT, with the sender and nonce`, async () => {
    const hash = await send(MEMBER, units(USDT_1_5));
    const check = await chain().verifyPayout(hash, { to: MEMBER, amountMicroUsdt: USDT_1_5 });
    expect(check).toMatchObject({ ok: true, txHash: hash.toLowerCase(), confirmations: 1 });
    if (!check.ok) throw new Error("unreachable");
    expect(check.from?.toLowerCase()).toBe(info().hotWallet.toLowerCase());
    expect(typeof check.nonce).toBe("number");
    // Without 0x (as some wallets show it): the same payout.
    expect(
      await chain().verifyPayout(hash.slice(2), { to: MEMBER, amountMicroUsdt: USDT_1_5 }),
    ).toMatchObject({ ok: true, txHash: hash.toLowerCase() });
    // The hash in capitals and the address in another case are the same payout.
    const upper = `0x${hash.slice(2).toUpperCase()}`;
    expect(
      await chain().verifyPayout(` ${upper} `, {
        to: MEMBER.toUpperCase().replace("0X", "0x"),
        amountMicroUsdt: USDT_1_5,
      }),
    ).toMatchObject({ ok: true, txHash: hash.toLowerCase() });
  });

  it("refuses a malformed hash and a hash the chain does not know", async () => {
    for (const bad of ["", "0x123", `0x${"g".repeat(64)}`, "a".repeat(63), `0x${"a".repeat(66)}`]) {
      expect(await chain().verifyPayout(bad, { to: MEMBER, amountMicroUsdt: 1n })).toEqual({
        ok: false,
        reason: "MALFORMED_HASH",
      });
    }
    expect(
      await chain().verifyPayout(`0x${"ab".repeat(32)}`, { to: MEMBER, amountMicroUsdt: 1n }),
    ).toEqual({ ok: false, reason: "NOT_FOUND" });
  });

  it("calls a transaction still in the mempool UNCONFIRMED, then accepts it once mined", async () => {
    await local().setAutomine(net, false);
    const hash = await send(MEMBER, units(USDT_1_5));
    const expected = { to: MEMBER, amountMicroUsdt: USDT_1_5 };
    expect(await chain().verifyPayout(hash, expected)).toEqual({
      ok: false,
      reason: "UNCONFIRMED",
    });
    expect(await chain().progress(hash)).toEqual({ state: "pending", confirmations: 0 });
    await local().mine(net, 1);
    expect(await chain().verifyPayout(hash, expected)).toMatchObject({ ok: true });
  });

  it("refuses a reverted transfer", async () => {
    const hash = await send(MEMBER, units(10n ** 15n), { gas: 100_000n }); // beyond the balance
    expect(await chain().verifyPayout(hash, { to: MEMBER, amountMicroUsdt: 10n ** 15n })).toEqual({
      ok: false,
      reason: "REVERTED",
    });
    expect(await chain().progress(hash)).toEqual({ state: "gone", reason: "REVERTED" });
  });

  it("refuses a transaction without a token transfer", async () => {
    const hash = await local().sendEth(net, info().hotWalletKey, MEMBER, 10n ** 15n);
    expect(await chain().verifyPayout(hash, { to: MEMBER, amountMicroUsdt: USDT_1_5 })).toEqual({
      ok: false,
      reason: "NO_TOKEN_TRANSFER",
    });
  });

  it("refuses another token, naming its contract", async () => {
    const hash = await send(MEMBER, units(USDT_1_5), { token: info().otherToken });
    const check = await chain().verifyPayout(hash, { to: MEMBER, amountMicroUsdt: USDT_1_5 });
    expect(check).toMatchObject({ ok: false, reason: "WRONG_TOKEN" });
    if (check.ok) throw new Error("unreachable");
    expect(check.actual?.token?.toLowerCase()).toBe(info().otherToken.toLowerCase());
  });

  it("refuses another recipient, naming it and the amount", async () => {
    const hash = await send(OTHER, units(USDT_1_5));
    const check = await chain().verifyPayout(hash, { to: MEMBER, amountMicroUsdt: USDT_1_5 });
    expect(check).toMatchObject({
      ok: false,
      reason: "WRONG_RECIPIENT",
      actual: { amountMicroUsdt: USDT_1_5 },
    });
    if (check.ok) throw new Error("unreachable");
    expect(check.actual?.to?.toLowerCase()).toBe(OTHER);
  });

  it("refuses another amount, naming what was sent", async () => {
    const hash = await send(MEMBER, units(1_490_000n));
    expect(
      await chain().verifyPayout(hash, { to: MEMBER, amountMicroUsdt: USDT_1_5 }),
    ).toMatchObject({
      ok: false,
      reason: "WRONG_AMOUNT",
      actual: { amountMicroUsdt: 1_490_000n, amountRaw: units(1_490_000n), decimals },
    });
  });

  if (decimals === 18) {
    it("refuses 1.5 USDT plus one wei of dust as WRONG_AMOUNT, never rounding it", async () => {
      const dust = units(USDT_1_5) + 1n;
      const hash = await send(MEMBER, dust);
      const check = await chain().verifyPayout(hash, { to: MEMBER, amountMicroUsdt: USDT_1_5 });
      expect(check).toMatchObject({
        ok: false,
        reason: "WRONG_AMOUNT",
        actual: { amountRaw: dust },
      });
      if (check.ok) throw new Error("unreachable");
      expect(check.actual?.amountMicroUsdt).toBeUndefined();
    });
  }

  it(`counts confirmations as head − block + 1 and confirms at ${confirmations}`, async () => {
    const hash = await send(MEMBER, units(USDT_1_5));
    expect(await chain().progress(hash)).toEqual({ state: "pending", confirmations: 1 });
    await local().mine(net, confirmations - 2);
    expect(await chain().progress(hash)).toEqual({
      state: "pending",
      confirmations: confirmations - 1,
    });
    await local().mine(net, 1);
    expect(await chain().progress(hash)).toEqual({ state: "confirmed", confirmations });
    expect(chain().requiredConfirmations).toBe(confirmations);
    expect(chain().explorerUrl(hash)).toBe(`https://explorer.example/tx/${hash}`);
  });

  it("reports a transaction dropped from the mempool as gone (DROPPED)", async () => {
    await local().setAutomine(net, false);
    const hash = await send(MEMBER, units(USDT_1_5));
    expect(await chain().progress(hash)).toEqual({ state: "pending", confirmations: 0 });
    await local().rpc(net, "anvil_dropTransaction", [hash]);
    expect(await chain().progress(hash)).toEqual({ state: "gone", reason: "DROPPED" });
  });

  it("reports a mined transaction reorganised away (evm_revert) as gone (DROPPED)", async () => {
    const snapshot = await local().rpc(net, "evm_snapshot");
    const hash = await send(MEMBER, units(USDT_1_5));
    const check = await chain().verifyPayout(hash, { to: MEMBER, amountMicroUsdt: USDT_1_5 });
    if (!check.ok) throw new Error(`expected a match, got ${check.reason}`);
    expect(await chain().progress(hash)).toEqual({ state: "pending", confirmations: 1 });
    await local().rpc(net, "evm_revert", [snapshot]);
    const sentBy = { from: check.from as string, nonce: check.nonce as number };
    expect(await chain().progress(hash, sentBy)).toEqual({ state: "gone", reason: "DROPPED" });
  });

  it("reports a transaction replaced (same nonce, higher fee) as gone (REPLACED)", async () => {
    const wallet = chain().hotWallet;
    if (!wallet) throw new Error("no hot wallet");
    await local().setAutomine(net, false);
    const nonce = await wallet.pendingNonce();
    const first = await wallet.prepareTransfer({ to: MEMBER, amountMicroUsdt: USDT_1_5, nonce });
    await wallet.broadcast(first.rawTransaction);
    const second = await wallet.prepareTransfer({
      to: MEMBER,
      amountMicroUsdt: USDT_1_5,
      nonce,
      fees: {
        maxFeePerGas: first.maxFeePerGas * 2n,
        maxPriorityFeePerGas: first.maxPriorityFeePerGas * 2n + 1n,
      },
    });
    expect(second.txHash).not.toBe(first.txHash);
    await wallet.broadcast(second.rawTransaction);
    await local().mine(net, 1);
    const sentBy = { from: wallet.address, nonce };
    expect(await chain().progress(first.txHash, sentBy)).toEqual({
      state: "gone",
      reason: "REPLACED",
    });
    // A fresh client (after a restart) knows nothing: without sentBy it can only say DROPPED.
    const fresh = createEvmChain(config());
    expect(await fresh.progress(first.txHash)).toEqual({ state: "gone", reason: "DROPPED" });
    expect(await fresh.progress(first.txHash, sentBy)).toEqual({
      state: "gone",
      reason: "REPLACED",
    });
    expect(await chain().progress(second.txHash)).toEqual({ state: "pending", confirmations: 1 });
  });

  it("hot wallet: one signed transfer broadcast twice (and again after mining) pays once", async () => {
    const wallet = chain().hotWallet;
    if (!wallet) throw new Error("no hot wallet");
    const payee = `0x${"3".repeat(39)}${net === "ERC20" ? "1" : "2"}`;
    const before = await wallet.balances();
    await local().setAutomine(net, false);
    const nonce = await wallet.pendingNonce();
    const prepared = await wallet.prepareTransfer({ to: payee, amountMicroUsdt: USDT_1_5, nonce });
    expect(prepared.nonce).toBe(nonce);
    await wallet.broadcast(prepared.rawTransaction);
    await wallet.broadcast(prepared.rawTransaction); // "already known"
    await local().mine(net, 1);
    await wallet.broadcast(prepared.rawTransaction); // mined already: still success
    await local().setAutomine(net, true);
    expect(await local().tokenBalance(net, payee)).toBe(units(USDT_1_5));
    expect(await wallet.pendingNonce()).toBe(nonce + 1);
    expect(
      await chain().verifyPayout(prepared.txHash, { to: payee, amountMicroUsdt: USDT_1_5 }),
    ).toMatchObject({ ok: true, txHash: prepared.txHash, nonce });
    const after = await wallet.balances();
    expect(after.tokenMicroUsdt).toBe(before.tokenMicroUsdt - USDT_1_5);
    expect(after.gasWei).toBeLessThan(before.gasWei);
  });

  it("hot wallet: a used nonce and an underpriced replacement are refusals with a reason", async () => {
    const wallet = chain().hotWallet;
    if (!wallet) throw new Error("no hot wallet");
    const nonce = await wallet.pendingNonce();
    const mined = await wallet.prepareTransfer({ to: MEMBER, amountMicroUsdt: 1n, nonce });
    await wallet.broadcast(mined.rawTransaction);
    await local().mine(net, 1);
    const late = await wallet.prepareTransfer({ to: MEMBER, amountMicroUsdt: 2n, nonce });
    const refusal = await wallet.broadcast(late.rawTransaction).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BroadcastError);
    expect(refusal).toMatchObject({ reason: "NONCE_USED" });
    expect(await chain().progress(late.txHash)).toEqual({ state: "gone", reason: "REPLACED" });

    await local().setAutomine(net, false);
    const next = nonce + 1;
    const first = await wallet.prepareTransfer({ to: MEMBER, amountMicroUsdt: 3n, nonce: next });
    await wallet.broadcast(first.rawTransaction);
    const sameFees = {
      maxFeePerGas: first.maxFeePerGas,
      maxPriorityFeePerGas: first.maxPriorityFeePerGas,
    };
    const cheap = await wallet.prepareTransfer({
      to: MEMBER,
      amountMicroUsdt: 4n,
      nonce: next,
      fees: sameFees,
    });
    await expect(wallet.broadcast(cheap.rawTransaction)).rejects.toMatchObject({
      reason: "UNDERPRICED",
    });
    await local().mine(net, 1);
  });

  it("hot wallet: an unreachable node is a plain error (re-broadcast later), not a refusal", async () => {
    const wallet = chain().hotWallet;
    if (!wallet) throw new Error("no hot wallet");
    const prepared = await wallet.prepareTransfer({
      to: MEMBER,
      amountMicroUsdt: 1n,
      nonce: await wallet.pendingNonce(),
    });
    const dead = createEvmChain(config({ rpcUrl: "http://127.0.0.1:9" }), {
      payoutKey: new Redacted(info().hotWalletKey),
      timeoutMs: 2_000,
    });
    const error = await dead.hotWallet?.broadcast(prepared.rawTransaction).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(BroadcastError);
    await wallet.broadcast(prepared.rawTransaction); // the same transaction, later: fine
  });

  it("hot wallet: refuses to sign a transfer beyond its token balance", async () => {
    const wallet = chain().hotWallet;
    if (!wallet) throw new Error("no hot wallet");
    const nonce = await wallet.pendingNonce();
    await expect(
      wallet.prepareTransfer({ to: MEMBER, amountMicroUsdt: 10n ** 15n, nonce }),
    ).rejects.toThrow(/would fail/);
  });

  it("refuses a node on another chain id with a clear error", async () => {
    const wrong = createEvmChain(config({ chainId: 5 }));
    await expect(
      wrong.verifyPayout(`0x${"ab".repeat(32)}`, { to: MEMBER, amountMicroUsdt: 1n }),
    ).rejects.toThrow(
      new RegExp(`CHAIN_${net}_CHAIN_ID is 5 but the node .* answers chain id ${info().chainId}`),
    );
    await expect(wrong.ready?.()).rejects.toThrow(/wrong network/);
    // progress too: on the wrong network every payout would otherwise look DROPPED.
    await expect(wrong.progress(`0x${"ab".repeat(32)}`)).rejects.toThrow(/wrong network/);
  });

  it("has no hot wallet without a key", () => {
    expect(createEvmChain(config()).hotWallet).toBeNull();
    expect(ANVIL_KEYS).toHaveLength(3);
  });
});
