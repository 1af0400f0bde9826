import { AMOUNT_LIMITS, MICRO_PER_USDT, RATES } from "./constants";

/**
 * Money helpers. Views are whole numbers and USDT is held as integer micro-USDT; both are
 * bigint end to end. Formatting and parsing never go through floating point.
 */

const VIEWS_RE = /^\s*(\d{1,18})\s*$/;
const USDT_RE = /^\s*(\d{1,12})(?:[.,](\d{0,6}))?\s*$/;

/**
 * Parses a whole number of views ("1500"); returns null when it is not one or when it is above
 * AMOUNT_LIMITS.maxViews.
 */
export function parseViews(input: string): bigint | null {
  const match = VIEWS_RE.exec(input);
  if (!match) return null;
  const views = BigInt(match[1] as string);
  return views <= AMOUNT_LIMITS.maxViews ? views : null;
}

/**
 * Parses a USDT amount with up to 6 decimals ("12.5", "12,50") into micro-USDT; null when it is
 * not one or when it is above AMOUNT_LIMITS.maxMicroUsdt.
 */
export function parseUsdt(input: string): bigint | null {
  const match = USDT_RE.exec(input);
  if (!match) return null;
  const whole = BigInt(match[1] as string);
  const fraction = (match[2] ?? "").padEnd(6, "0");
  const micro = whole * MICRO_PER_USDT + BigInt(fraction);
  return micro <= AMOUNT_LIMITS.maxMicroUsdt ? micro : null;
}

interface NumberParts {
  format: (value: bigint) => string;
  minus: string;
  decimal: string;
}

const numberParts = new Map<string, NumberParts>();

/**
 * The locale's integer formatter (digit grouping, e.g. "1,234" in English and "1.234" in
 * Portuguese), its minus sign and its decimal separator. `Intl.NumberFormat` formats a bigint
 * exactly, so amounts never go through floating point.
 */
function partsOf(locale: string): NumberParts {
  let parts = numberParts.get(locale);
  if (!parts) {
    let formatter: Intl.NumberFormat;
    try {
      formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    } catch {
      formatter = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
    }
    const sample = new Intl.NumberFormat(formatter.resolvedOptions().locale).formatToParts(-1.5);
    parts = {
      format: (value) => formatter.format(value),
      minus: sample.find((p) => p.type === "minusSign")?.value ?? "-",
      decimal: sample.find((p) => p.type === "decimal")?.value ?? ".",
    };
    numberParts.set(locale, parts);
  }
  return parts;
}

/** "12,345" (en) / "12.345" (pt-BR), with the locale's grouping and minus sign. */
export function formatViews(views: bigint, locale = "en"): string {
  const { format, minus } = partsOf(locale);
  return views < 0n ? `${minus}${format(-views)}` : format(views);
}

/**
 * Formats micro-USDT with 2 decimals, or more (up to 6) when a non-zero amount is below 0.01.
 * Rounds down toward zero so a balance is never overstated. The whole part is grouped by
 * `Intl.NumberFormat` (as a bigint) and the fraction comes from the micro-USDT remainder, joined
 * by the locale's decimal separator.
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
  const { format, minus, decimal } = partsOf(locale);
  return `${negative ? minus : ""}${format(whole)}${decimal}${fraction.slice(0, decimals)}`;
}

/**
 * USDT with only the decimals it needs, for policy figures: "1,000", "2.5" (en); "1.000", "2,5"
 * (pt-BR). Exact to the micro-USDT.
 */
export function formatUsdtTrimmed(micro: bigint, locale = "en"): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const fraction = (abs % MICRO_PER_USDT).toString().padStart(6, "0").replace(/0+$/, "");
  const { format, minus, decimal } = partsOf(locale);
  const whole = format(abs / MICRO_PER_USDT);
  return `${negative ? minus : ""}${whole}${fraction ? `${decimal}${fraction}` : ""}`;
}

/**
 * A plain decimal string ("95.2", "0.1", "-1200.5") in the locale's figures: "95.2" / "0.1" (en),
 * "95,2" / "0,1" (pt-BR), the whole part grouped. Exact: no floating point on the way.
 */
export function formatDecimal(text: string, locale = "en"): string {
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
  const { format, minus, decimal } = partsOf(locale);
  return `${negative ? minus : ""}${format(BigInt(whole || "0"))}${fraction ? `${decimal}${fraction}` : ""}`;
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

/**
 * USDT as a plain figure with only the decimals it needs, for policy text and message
 * parameters: 100_000_000n → "100", 40_500_000n → "40.5" (the database's vv_usdt_text alike).
 */
export function wholeUsdt(micro: bigint): string {
  return microToDecimalString(micro).replace(/\.?0+$/, "");
}
