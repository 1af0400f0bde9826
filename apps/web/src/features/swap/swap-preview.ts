import {
  microUsdtToViews,
  parseUsdt,
  parseViews,
  type SwapDirection,
  viewsToMicroUsdt,
} from "@viewvault/shared";

export type SwapPreview =
  | { status: "empty" }
  | { status: "invalid" }
  | {
      status: "ok";
      /** What leaves the wallet: views (VIEWS_TO_USDT) or the exact micro-USDT charged. */
      spend: bigint;
      /** What arrives: micro-USDT (VIEWS_TO_USDT) or whole views. */
      receive: bigint;
      /** USDT_TO_VIEWS only: typed micro-USDT that is not spent (only whole views are bought). */
      change: bigint;
      insufficient: boolean;
    };

/**
 * The live preview of a swap, in bigint minor units (never floats). An amount that is not a
 * number above zero — or buys no whole view — is invalid ("Digite um valor válido"); more than
 * the balance is insufficient ("Saldo Insuficiente").
 */
export function swapPreview(
  direction: SwapDirection,
  input: string,
  balances: { views: bigint; usdt: bigint } | null,
): SwapPreview {
  if (input.trim() === "") return { status: "empty" };
  if (direction === "VIEWS_TO_USDT") {
    const views = parseViews(input);
    if (views === null || views <= 0n) return { status: "invalid" };
    return {
      status: "ok",
      spend: views,
      receive: viewsToMicroUsdt(views),
      change: 0n,
      insufficient: balances !== null && views > balances.views,
    };
  }
  const offered = parseUsdt(input);
  if (offered === null || offered <= 0n) return { status: "invalid" };
  const { views, chargedMicroUsdt } = microUsdtToViews(offered);
  if (views <= 0n) return { status: "invalid" };
  return {
    status: "ok",
    spend: chargedMicroUsdt,
    receive: views,
    change: offered - chargedMicroUsdt,
    insufficient: balances !== null && chargedMicroUsdt > balances.usdt,
  };
}
