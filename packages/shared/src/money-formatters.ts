import { formatUsdt, formatViews, parseUsdt } from "./money";

type Formatter = (value: unknown, lng: string | undefined, options: unknown) => string;

/**
 * The one formatter per currency, for texts with an amount inside (the error catalogue): a
 * message parameter given as a plain figure ("1000" views, "100" or "40.5" USDT, as the server
 * and the shared checks send them) is written in the reader's figures — `{{cost, views}}` →
 * "1,000" / "1.000", `{{min, usdt}}` → "100.00" / "100,00" — exactly as `useMoneyFormat` writes
 * amounts everywhere else. Anything that is not such a figure is left as it is.
 */
export const MONEY_FORMATTERS: Record<"views" | "usdt", Formatter> = {
  views: (value, lng) => {
    const text = String(value);
    return /^-?\d+$/.test(text) ? formatViews(BigInt(text), lng) : text;
  },
  usdt: (value, lng) => {
    const text = String(value);
    const micro = parseUsdt(text);
    return micro === null ? text : formatUsdt(micro, lng);
  },
};

/** Registers `MONEY_FORMATTERS` on an i18next instance (after its `init`). */
export function addMoneyFormatters(i18n: {
  services: { formatter?: { add(name: string, fn: Formatter): void } };
}): void {
  for (const [name, fn] of Object.entries(MONEY_FORMATTERS)) i18n.services.formatter?.add(name, fn);
}
