import { MARKETPLACE, MICRO_PER_USDT } from "../constants";
import type { Problem } from "../errors";

/** The offer as the seller typed it: whole views and a price per view in USDT ("0.12"). */
export interface OfferInput {
  viewsQuantity: string;
  pricePerView: string;
}

const WHOLE_RE = /^\s*(\d+)\s*$/;
const DECIMAL_RE = /^\s*(\d+)(?:[.,](\d*))?\s*$/;

/** Whole views as typed (any length), or null when it is not a whole number. */
function readWhole(input: string): bigint | null {
  const match = WHOLE_RE.exec(input);
  return match ? BigInt(match[1] as string) : null;
}

/**
 * A price in USDT as typed, in micro-USDT, with how many decimals were typed; null when it is
 * not a number.
 */
function readPrice(input: string): { micro: bigint; decimals: number; positive: boolean } | null {
  const match = DECIMAL_RE.exec(input);
  if (!match) return null;
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  const micro =
    BigInt(match[1] as string) * MICRO_PER_USDT +
    BigInt(fraction.slice(0, 6).padEnd(6, "0") || "0");
  return { micro, decimals: fraction.length, positive: micro > 0n || fraction.length > 0 };
}

/** An offer's minor units: views and micro-USDT per view, and the total in micro-USDT. */
export interface ParsedOffer {
  views: bigint;
  priceMicroUsdt: bigint;
  totalMicroUsdt: bigint;
}

/** The offer's figures when they pass every check but the balance, else null. */
export function parseOffer(input: OfferInput): ParsedOffer | null {
  if (offerProblem(input, { balances: null })) return null;
  const views = readWhole(input.viewsQuantity) as bigint;
  const priceMicroUsdt = (readPrice(input.pricePerView) as { micro: bigint }).micro;
  return { views, priceMicroUsdt, totalMicroUsdt: views * priceMicroUsdt };
}

/**
 * The seeds' sell checks, in the seeds' order, then the documented bounds: quantity and price
 * greater than zero ("Quantidade e preço devem ser maiores que zero"), the quantity at most
 * MARKETPLACE.maxViews whole views, the price at most MARKETPLACE.maxPriceMicroUsdt with at most
 * 6 decimals, and the quantity at most the views balance ("Você não tem views suficientes").
 * The web form runs it with the balance it shows; the server with `balances: null` (the ledger
 * refuses the overdraft atomically, with the same problem).
 */
export function offerProblem(
  input: OfferInput,
  context: { balances: { views: bigint } | null },
): Problem | null {
  const views = readWhole(input.viewsQuantity);
  const price = readPrice(input.pricePerView);
  if (views === null || views <= 0n) return { code: "OFFER_NOT_POSITIVE", field: "viewsQuantity" };
  if (price === null || !price.positive) {
    return { code: "OFFER_NOT_POSITIVE", field: "pricePerView" };
  }
  if (views > MARKETPLACE.maxViews) {
    return {
      code: "INVALID_AMOUNT",
      field: "viewsQuantity",
      params: { context: "marketQuantity", max: MARKETPLACE.maxViews.toString() },
    };
  }
  if (price.micro > MARKETPLACE.maxPriceMicroUsdt || price.decimals > MARKETPLACE.priceDecimals) {
    return {
      code: "INVALID_AMOUNT",
      field: "pricePerView",
      params: {
        context: "marketPrice",
        max: (MARKETPLACE.maxPriceMicroUsdt / MICRO_PER_USDT).toString(),
        decimals: MARKETPLACE.priceDecimals,
      },
    };
  }
  if (context.balances && views > context.balances.views) return insufficientOfferViews();
  return null;
}

/** The seeds' "Você não tem views suficientes". */
export function insufficientOfferViews(): Problem {
  return {
    code: "INSUFFICIENT_BALANCE",
    field: "viewsQuantity",
    params: { context: "marketViews" },
  };
}

/** A purchase the buyer's USDT does not cover. */
export function insufficientOfferUsdt(): Problem {
  return { code: "INSUFFICIENT_BALANCE", params: { context: "marketUsdt" } };
}
