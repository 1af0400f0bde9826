import { MICRO_PER_USDT, RATES } from "./constants";

/**
 * Money helpers. Views are whole numbers and USDT is held as integer micro-USDT; both are
 * bigint end to end. Formatting and parsing never go through floating point.
 */

const VIEWS_RE = /^\s*(\d{1,18})\s*$/;
const USDT_RE = /^\s*(\d{1,12})(?:[.,](\d{0,6}))?\s*$/;

/** Parses a whole number of views ("1500"); returns null when it is not one. */
export function parseViews(input: string): bigint | null {
  const match = VIEWS_RE.exec(input);
  return match ? BigInt(match[1] as string) : null;
}

/** Parses a USDT amount with up to 6 decimals ("12.5", "12,50") into micro-USDT. */
export function parseUsdt(input: string): bigint | null {
  const match = USDT_RE.exec(input);
  if (!match) return null;
  const whole = BigInt(match[1] as string);
  const fraction = (match[2] ?? "").padEnd(6, "0");
  return whole * MICRO_PER_USDT + BigInt(fraction);
}

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function separators(locale: string): { group: string; decimal: string } {
  return locale.startsWith("pt") ? { group: ".", decimal: "," } : { group: ",", decimal: "." };
}

/** "12,345" (en) / "12.345" (pt-BR). */
export function formatViews(views: bigint, locale = "en"): string {
  const negative = views < 0n;
  const digits = (negative ? -views : views).toString();
  return (negative ? "-" : "") + groupThousands(digits, separators(locale).group);
}

/**
 * Formats micro-USDT with 2 decimals, or more (up to 6) when a non-zero amount is below 0.01.
 * Rounds down toward zero so a balance is never overstated.
 */
export function formatUsdt(micro: bigint, locale = "en"): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / MICRO_PER_USDT;
  const fraction = (abs % MICRO_PER_USDT).toString().padStart(6, "0");
  let decimals = 2;
  if (whole === 0n && abs !== 0n && abs < 10_000n) {
    decimals = 6;
    while (decimals > 2 && fraction[decimals - 1] === "0") decimals--;
  }
  const { group, decimal } = separators(locale);
  return `${negative ? "-" : ""}${groupThousands(whole.toString(), group)}${decimal}${fraction.slice(0, decimals)}`;
}

/** USDT amount as a plain decimal string with 6 places, for APIs and CSV ("12.500000"). */
export function microToDecimalString(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const fraction = (abs % MICRO_PER_USDT).toString().padStart(6, "0");
  return `${negative ? "-" : ""}${abs / MICRO_PER_USDT}.${fraction}`;
}

/** micro-USDT credited for selling `views` views. */
export function viewsToMicroUsdt(views: bigint): bigint {
  return views * RATES.microUsdtPerView;
}

/**
 * Buying views with USDT: only whole views are bought and exactly views ÷ 10 USDT is charged.
 * Returns the views bought and the micro-USDT charged for an offered amount.
 */
export function microUsdtToViews(micro: bigint): { views: bigint; chargedMicroUsdt: bigint } {
  const views = (micro * RATES.viewsPerUsdt) / MICRO_PER_USDT;
  return { views, chargedMicroUsdt: (views * MICRO_PER_USDT) / RATES.viewsPerUsdt };
}

/** Whole USDT amounts for policy text: 100_000_000n → "100". */
export function wholeUsdt(micro: bigint): string {
  return microToDecimalString(micro).replace(/\.?0+$/, "");
}
