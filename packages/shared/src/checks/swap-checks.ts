import type { SwapDirection } from "../contracts/money";
import type { Problem } from "../errors";
import { microUsdtToViews, parseUsdt, parseViews, viewsToMicroUsdt } from "../money";

export type SwapQuote =
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
 * A swap at the fixed rates, in bigint minor units (never floats): views → USDT at 0.1 USDT per
 * view; USDT → views buys whole views only and charges exactly views ÷ 10 USDT. An amount that
 * is not a number above zero, or buys no whole view, is invalid; `insufficient` compares with
 * the balances when they are known.
 */
export function swapQuote(
  direction: SwapDirection,
  input: string,
  balances: { views: bigint; usdt: bigint } | null,
): SwapQuote {
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

/** The seeds' "Saldo Insuficiente" variants: not enough views, or not enough USDT. */
export function insufficientSwap(direction: SwapDirection): Problem {
  return {
    code: "INSUFFICIENT_BALANCE",
    field: "amount",
    params: { context: direction === "VIEWS_TO_USDT" ? "swapViews" : "swapUsdt" },
  };
}

/**
 * The seeds' swap checks in order: a number above zero ("Digite um valor válido"), then the
 * balance. The server passes `balances: null` and the ledger refuses an overdraft atomically.
 */
export function swapProblem(quote: SwapQuote, direction: SwapDirection): Problem | null {
  if (quote.status !== "ok") return { code: "INVALID_AMOUNT", field: "amount" };
  if (quote.insufficient) return insufficientSwap(direction);
  return null;
}
