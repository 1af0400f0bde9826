import type { Network } from "@viewvault/shared";
import { type Address, type Hex, verifyMessage } from "viem";
import type { Chains } from "../chain/chain.types";
import { tokenUnitsToMicroFloor } from "../chain/token-amount";
import type { AssetRow } from "./reserves.repository";

/**
 * The reserves read on chain for a snapshot (ADR 068): each configured network's payout hot
 * wallet, and the addresses staff list (RESERVE_ADDRESSES), each read at a recorded block. A hot
 * wallet signs a message naming the snapshot's root and date (EIP-191 personal_sign) and the
 * signature is verified here before the balance counts; an address without a signature (a cold
 * wallet nobody signed for, any Tron address: no key here) is shown but not counted.
 */

export interface ReserveAddress {
  network: Network;
  address: string;
}

/** The message a reserve address signs: the snapshot's id, root and date, and the address. */
export function reserveMessage(input: {
  snapshotId: string;
  root: string;
  takenAt: Date;
  network: Network;
  address: string;
}): string {
  return [
    "ViewVault proof of reserves",
    `Snapshot: ${input.snapshotId}`,
    `Root: ${input.root}`,
    `Date: ${input.takenAt.toISOString()}`,
    `Network: ${input.network}`,
    `Address: ${input.address}`,
  ].join("\n");
}

/** An address page from the transaction link template (…/tx/{hash} → …/address/<address>). */
export function addressExplorerUrl(txTemplate: string, address: string): string {
  const replaced = txTemplate.replace(/(tx|transaction)\/\{hash\}/, `address/${address}`);
  return replaced === txTemplate ? txTemplate.replace("{hash}", address) : replaced;
}

/** Whether `signature` is `address`'s EIP-191 signature of `message` (false on anything odd). */
export async function signatureVerifies(
  address: string,
  message: string,
  signature: string,
): Promise<boolean> {
  try {
    return await verifyMessage({
      address: address as Address,
      message,
      signature: signature as Hex,
    });
  } catch {
    return false;
  }
}

async function readOne(
  chains: Chains,
  target: ReserveAddress & { kind: "hot" | "cold" },
  snapshot: { snapshotId: string; root: string; takenAt: Date },
): Promise<AssetRow> {
  const chain = chains[target.network];
  if (!chain) throw new Error(`reserves: ${target.network} has no chain client configured`);
  const balance = await chain.reserveBalance(target.address);
  const message = reserveMessage({ ...snapshot, ...target });
  const hot = target.kind === "hot" ? chain.hotWallet : null;
  const signature = hot ? await hot.signMessage(message) : null;
  const counted =
    signature !== null && (await signatureVerifies(target.address, message, signature));
  return {
    network: target.network,
    address: target.address,
    kind: target.kind,
    token: balance.token,
    block_number: balance.blockNumber.toString(),
    decimals: balance.decimals,
    raw: balance.raw.toString(),
    micro_usdt: tokenUnitsToMicroFloor(balance.raw, balance.decimals).toString(),
    message,
    signature,
    counted,
    explorer_url: addressExplorerUrl(chain.explorerUrl("{hash}"), target.address),
  };
}

/** Reads every reserve address (hot wallets first); a node that fails fails the snapshot. */
export async function readReserves(
  chains: Chains,
  cold: readonly ReserveAddress[],
  snapshot: { snapshotId: string; root: string; takenAt: Date },
): Promise<AssetRow[]> {
  const targets: Array<ReserveAddress & { kind: "hot" | "cold" }> = [];
  for (const network of ["TRC20", "ERC20", "BEP20"] as const) {
    const address = chains[network]?.hotWallet?.address;
    if (address) targets.push({ network, address, kind: "hot" });
  }
  for (const c of cold) targets.push({ ...c, kind: "cold" });
  const rows: AssetRow[] = [];
  for (const target of targets) rows.push(await readOne(chains, target, snapshot));
  return rows;
}
