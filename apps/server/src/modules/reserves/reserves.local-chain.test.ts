import type { TReservesPage } from "@viewvault/shared";
import { createPublicClient, http, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { type LocalChains, startLocalChains } from "../../../test/chain/local-chain.mjs";
import {
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { signatureVerifies } from "./reserve-assets";

// The reserves read on two real anvil nodes (ADR 068): USDT-like tokens at 6 (ERC20) and 18
// (BEP20) decimals, the hot wallets configured from the environment as in production.
let chains: LocalChains | null = null;
let skipReason = "";
try {
  chains = await startLocalChains();
} catch (error) {
  skipReason = `anvil could not start: ${(error as Error).message}`;
  console.warn(`reserves on local chains skipped — ${skipReason}`);
}
function local(): LocalChains {
  if (!chains) throw new Error(skipReason);
  return chains;
}

const ABI = parseAbi(["function balanceOf(address) view returns (uint256)"]);
const ELSEWHERE = "0x4444444444444444444444444444444444444444";

describe.skipIf(!chains)("reserves on local chains", () => {
  let t: TestApp;
  let admin: SignedInMember;
  beforeAll(async () => {
    t = await createTestApp({ env: local().env({ confirmations: 2 }) });
    admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
    await createSignedInMember(t.app, { usdt: USDT(5_000_000), views: 10_000n });
  });
  afterAll(async () => {
    await t?.close();
    await chains?.stop();
  });

  it("reads each hot wallet's USDT at the recorded block, signed, with coverage at 6 and 18 decimals", async () => {
    const step = await admin.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
    expect(step.statusCode, step.body).toBe(200);
    const taken = await admin.c.request("POST", "/api/admin/reserves/snapshots");
    expect(taken.statusCode, taken.body).toBe(201);
    const { latest } = (
      await t.app.inject({ method: "GET", url: "/api/reserves" })
    ).json() as TReservesPage;
    if (!latest) throw new Error("no snapshot");

    let counted = 0n;
    for (const net of ["ERC20", "BEP20"] as const) {
      const info = net === "ERC20" ? local().erc20 : local().bep20;
      const asset = latest.assets.find((a) => a.network === net);
      expect(asset, net).toMatchObject({ kind: "hot", counted: true, decimals: info.decimals });
      if (!asset) continue;
      expect(asset.address.toLowerCase()).toBe(info.hotWallet.toLowerCase());
      const block = BigInt(asset.blockNumber);
      // The wallet moves money after the snapshot: the recorded block still answers the figure.
      await local().transferAs(net, info.hotWalletKey, ELSEWHERE, 10n ** BigInt(info.decimals));
      expect(await local().blockNumber(net)).toBeGreaterThan(block);
      const client = createPublicClient({ transport: http(info.rpcUrl) });
      const read = (blockNumber?: bigint) =>
        client.readContract({
          address: info.token,
          abi: ABI,
          functionName: "balanceOf",
          args: [info.hotWallet],
          ...(blockNumber === undefined ? {} : { blockNumber }),
        });
      expect((await read(block)).toString()).toBe(asset.raw);
      expect((await read()).toString()).not.toBe(asset.raw);
      // 6 decimals: raw units are micro-USDT; 18: twelve more zeros.
      expect(BigInt(asset.raw)).toBe(BigInt(asset.microUsdt) * 10n ** BigInt(info.decimals - 6));
      expect(asset.message).toContain(`Root: ${latest.root}`);
      expect(await signatureVerifies(info.hotWallet, asset.message, asset.signature ?? "")).toBe(
        true,
      );
      // Another key's signature of the same message does not verify for this address.
      expect(await signatureVerifies(ELSEWHERE, asset.message, asset.signature ?? "")).toBe(false);
      counted += BigInt(asset.microUsdt);
    }
    expect(latest.assetsMicroUsdt).toBe(counted.toString());
    const total = BigInt(latest.totalMicroUsdt);
    expect(latest.coverageBasisPoints).toBe(Number((counted * 10_000n) / total));
  });
});
