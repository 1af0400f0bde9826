import { type Network, type TSupportRequest, wholeUsdt } from "@viewvault/shared";
import { AppError } from "../../lib/app-error";
import type { ChainClient, HotWallet, PayoutCheck } from "../chain/chain.types";

/** A withdrawal as the desk reads it (the support request's claim). */
export type DeskClaim = NonNullable<TSupportRequest["withdrawal"]>;

/** A node that does not answer changes nothing: 503, try again. */
export async function asking<T>(network: Network, question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("SERVICE_UNAVAILABLE", { context: "chain", network });
  }
}

/** The network's hot wallet, or a refusal: this network sends nothing by itself. */
export function hotWalletOf(client: ChainClient | undefined, network: Network): HotWallet {
  if (!client?.hotWallet) throw new AppError("CONFLICT", { context: "noHotWallet", network });
  return client.hotWallet;
}

/** A token amount in its own units as a decimal ("1.000000000000000001"): dust is shown, not rounded. */
function unitsText(raw: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const frac = (raw % scale).toString().padStart(decimals, "0").replace(/0+$/, "");
  return frac ? `${raw / scale}.${frac}` : (raw / scale).toString();
}

/** What the chain sent, as the message shows it (micro-USDT, or the exact token units). */
function actualAmountText(actual: NonNullable<Extract<PayoutCheck, { ok: false }>["actual"]>) {
  if (actual.amountMicroUsdt !== undefined) return wholeUsdt(actual.amountMicroUsdt);
  if (actual.amountRaw !== undefined && actual.decimals !== undefined)
    return unitsText(actual.amountRaw, actual.decimals);
  return undefined;
}

/** A mismatch as its own message: what the chain shows against what the withdrawal pays. */
export function mismatchError(network: Network, claim: DeskClaim, check: PayoutCheck): AppError {
  if (check.ok) throw new Error("not a mismatch");
  const amount = check.actual ? actualAmountText(check.actual) : undefined;
  return new AppError(
    "PAYOUT_MISMATCH",
    {
      context: check.reason,
      network,
      expectedTo: claim.walletAddress,
      expectedAmount: wholeUsdt(BigInt(claim.net)),
      ...(check.actual?.to ? { actualTo: check.actual.to } : {}),
      ...(amount !== undefined ? { actualAmount: amount } : {}),
      ...(check.actual?.token ? { token: check.actual.token } : {}),
    },
    { field: "txHash" },
  );
}

/** The hot wallet holds less than the payout needs. */
export function hotWalletShort(balance: bigint, needed: bigint): AppError {
  return new AppError("HOT_WALLET_SHORT", {
    context: "token",
    balance: wholeUsdt(balance),
    needed: wholeUsdt(needed),
  });
}
