// Two local EVM chains for the chain clients' tests and the journeys (ADR 057): anvil
// from the npm registry (@foundry-rs/anvil), one with chain id 1 (Ethereum-like, USDT at 6
// decimals) and one with chain id 56 (BNB Smart Chain-like, USDT at 18 decimals). Plain Node
// ESM so e2e/server.mjs can use it as well as vitest; types in local-chain.d.mts.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

const require = createRequire(import.meta.url);
const ARTIFACT = JSON.parse(readFileSync(new URL("./contracts/TestUsdt.json", import.meta.url)));

/**
 * anvil's default accounts (mnemonic "test test … junk"), public test keys that hold nothing
 * anywhere real: 0 deploys and mints, 1 is the hot wallet, 2 is "someone else".
 */
export const ANVIL_KEYS = /** @type {const} */ ([
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
]);

/** What the hot wallet holds after start: 1,000,000 USDT (in the token's units) and anvil's 10,000 of gas. */
const HOT_WALLET_USDT = 1_000_000n;

/** The anvil binary the platform package ships (the wrapper's postinstall is only a fallback). */
export function anvilBinary() {
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch] ?? process.arch;
  const exe = process.platform === "win32" ? "anvil.exe" : "anvil";
  return require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${exe}`);
}

/** One JSON-RPC call (for anvil_*, evm_* methods viem has no action for). */
async function rpcCall(rpcUrl, method, params = []) {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = await res.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Starts one anvil node on a port the system picks (--port 0: no race with another test file
 * choosing the same free port), reads the port from its "Listening on" line, then waits until
 * it answers eth_chainId. Its further output is discarded.
 */
async function startAnvil(chainId) {
  const child = spawn(
    anvilBinary(),
    ["--host", "127.0.0.1", "--port", "0", "--chain-id", String(chainId)],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const listening = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /Listening on ([\d.]+:\d+)/.exec(output);
      if (match) {
        child.stdout.off("data", onData);
        child.stdout.resume(); // keep draining, never read again
        resolve(match[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) =>
      reject(new Error(`anvil exited (${code}): ${output.slice(-500)}`)),
    );
    child.once("error", reject);
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  try {
    const rpcUrl = `http://${await listening}`;
    for (;;) {
      try {
        await rpcCall(rpcUrl, "eth_chainId");
        return { child, rpcUrl, exited };
      } catch (error) {
        if (child.exitCode !== null) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Deploys a TestUsdt and waits for it; returns its address. */
async function deployToken(wallet, pub, name, symbol, decimals) {
  const hash = await wallet.deployContract({
    abi: ARTIFACT.abi,
    bytecode: ARTIFACT.bytecode,
    args: [name, symbol, decimals],
  });
  const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (!receipt.contractAddress) throw new Error(`${symbol}: deployment failed`);
  return receipt.contractAddress;
}

/** One chain: anvil, the USDT-like token, another token, the hot wallet funded. */
async function startOne(net, chainId, decimals) {
  const { child, rpcUrl, exited } = await startAnvil(chainId);
  try {
    const chain = defineChain({
      id: chainId,
      name: `local ${net}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    const transport = http(rpcUrl, { retryCount: 0 });
    const pub = createPublicClient({ chain, transport, pollingInterval: 50 });
    const deployer = createWalletClient({
      chain,
      transport,
      account: privateKeyToAccount(ANVIL_KEYS[0]),
    });
    const token = await deployToken(deployer, pub, "Tether USD (local)", "USDT", decimals);
    const otherToken = await deployToken(deployer, pub, "Other token (local)", "OTHER", decimals);
    const hotWalletKey = ANVIL_KEYS[1];
    const hotWallet = privateKeyToAccount(hotWalletKey).address;
    const units = 10n ** BigInt(decimals);
    for (const [address, to] of [
      [token, hotWallet],
      [otherToken, hotWallet],
      [token, privateKeyToAccount(ANVIL_KEYS[2]).address],
    ]) {
      const hash = await deployer.writeContract({
        address,
        abi: ARTIFACT.abi,
        functionName: "mint",
        args: [to, HOT_WALLET_USDT * units],
      });
      await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    }
    return {
      info: { rpcUrl, chainId, token, otherToken, decimals, hotWalletKey, hotWallet },
      chain,
      transport,
      pub,
      child,
      exited,
    };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
}

/**
 * Starts both local chains (about a second). Call stop() when done: it kills both anvil nodes.
 * @returns {Promise<import("./local-chain.d.mts").LocalChains>}
 */
export async function startLocalChains() {
  const [erc20, bep20] = await Promise.all([startOne("ERC20", 1, 6), startOne("BEP20", 56, 18)]);
  const nets = { ERC20: erc20, BEP20: bep20 };
  /** @param {"ERC20" | "BEP20"} net */
  const pick = (net) => {
    const one = nets[net];
    if (!one) throw new Error(`no local chain for ${net}`);
    return one;
  };
  const rpc = (net, method, params = []) => rpcCall(pick(net).info.rpcUrl, method, params);
  /** With automine on, waits until the transaction is in a block (anvil may answer first). */
  const settled = async (net, hash) => {
    if (await rpc(net, "anvil_getAutomine")) {
      await pick(net).pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    }
  };
  return {
    erc20: erc20.info,
    bep20: bep20.info,
    abi: ARTIFACT.abi,
    rpc,
    async transferAs(net, fromKey, to, amountRaw, options = {}) {
      const one = pick(net);
      const wallet = createWalletClient({
        chain: one.chain,
        transport: one.transport,
        account: privateKeyToAccount(fromKey),
      });
      const hash = await wallet.writeContract({
        address: options.token ?? one.info.token,
        abi: ARTIFACT.abi,
        functionName: "transfer",
        args: [to, amountRaw],
        ...(options.gas === undefined ? {} : { gas: options.gas }),
        ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
        ...(options.maxFeePerGas === undefined
          ? {}
          : {
              maxFeePerGas: options.maxFeePerGas,
              maxPriorityFeePerGas: options.maxPriorityFeePerGas ?? options.maxFeePerGas,
            }),
      });
      await settled(net, hash);
      return hash;
    },
    async sendEth(net, fromKey, to, wei) {
      const one = pick(net);
      const wallet = createWalletClient({
        chain: one.chain,
        transport: one.transport,
        account: privateKeyToAccount(fromKey),
      });
      const hash = await wallet.sendTransaction({ to, value: wei });
      await settled(net, hash);
      return hash;
    },
    async tokenBalance(net, address, token) {
      const one = pick(net);
      return one.pub.readContract({
        address: token ?? one.info.token,
        abi: ARTIFACT.abi,
        functionName: "balanceOf",
        args: [address],
      });
    },
    async mine(net, blocks = 1) {
      await rpc(net, "anvil_mine", [`0x${blocks.toString(16)}`]);
    },
    async setAutomine(net, on) {
      await rpc(net, "evm_setAutomine", [on]);
    },
    async blockNumber(net) {
      return pick(net).pub.getBlockNumber({ cacheTime: 0 });
    },
    env(options = {}) {
      const env = {};
      for (const [net, one] of [
        ["ERC20", erc20],
        ["BEP20", bep20],
      ]) {
        env[`CHAIN_${net}_RPC_URL`] = one.info.rpcUrl;
        env[`CHAIN_${net}_TOKEN`] = one.info.token;
        env[`CHAIN_${net}_CHAIN_ID`] = String(one.info.chainId);
        env[`CHAIN_${net}_CONFIRMATIONS`] = String(options.confirmations ?? 2);
        env[`CHAIN_${net}_EXPLORER`] = `${one.info.rpcUrl}/explorer/tx/{hash}`;
        if (options.hotWallet !== false) env[`PAYOUT_KEY_${net}`] = one.info.hotWalletKey;
      }
      return env;
    },
    async stop() {
      await Promise.all(
        [erc20, bep20].map(async (one) => {
          if (one.child.exitCode === null && one.child.signalCode === null) {
            one.child.kill("SIGTERM");
            await one.exited;
          }
        }),
      );
    },
  };
}
