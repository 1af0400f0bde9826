import { formatDecimal, formatUsdt, formatViews } from "@viewvault/shared";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toSupportedLocale } from "./i18n";
import { renderedNow, useTimeZone } from "./server-rendered";

type Amount = bigint | string;
type Currency = "VIEWS" | "USDT";
const big = (value: Amount) => (typeof value === "bigint" ? value : BigInt(value));

type DateFormats = {
  dateTime: Intl.DateTimeFormat;
  dateOnly: Intl.DateTimeFormat;
  timeOnly: Intl.DateTimeFormat;
};
const dateFormats = new Map<string, DateFormats>();

/**
 * The locale's date formatters, made once per locale on first use: an `Intl.DateTimeFormat` costs
 * about a millisecond to make on a phone, and every card of a list formats money, so making them
 * per component was most of the feed's own script time before its first paint.
 */
function dateFormatsOf(locale: string, timeZone: string | undefined): DateFormats {
  const key = `${locale} ${timeZone ?? ""}`;
  let formats = dateFormats.get(key);
  if (!formats) {
    formats = {
      dateTime: new Intl.DateTimeFormat(locale, {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone,
      }),
      dateOnly: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }),
      timeOnly: new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone }),
    };
    dateFormats.set(key, formats);
  }
  return formats;
}

/**
 * Money and date formatting in the current language. Amounts are minor-unit bigints or strings
 * (whole views; micro-USDT) and never go through floating point. Uses the `money` namespace.
 */
export function useMoneyFormat() {
  const { t, i18n } = useTranslation("money");
  const locale = toSupportedLocale(i18n.resolvedLanguage ?? i18n.language);
  // A server-rendered page's zone while React adopts it (ADR 084), then the device's.
  const timeZone = useTimeZone();
  return useMemo(() => {
    const views = (value: Amount) => formatViews(big(value), locale);
    const usdt = (value: Amount) => formatUsdt(big(value), locale);
    /** "1 view", "1,500 views", "12.50 USDT"; `signed` adds "+" or "−". */
    const amount = (value: Amount, currency: Currency, { signed = false } = {}) => {
      const n = big(value);
      const abs = n < 0n ? -n : n;
      const number = currency === "VIEWS" ? views(abs) : usdt(abs);
      const sign = !signed || n === 0n ? (n < 0n ? "−" : "") : n > 0n ? "+" : "−";
      const text =
        currency === "USDT"
          ? t("units.usdt", { amount: number })
          : // Plural forms by the language's rules (ADR 069): "1 view", "1,500 views".
            t("units.views", { amount: number, count: Number(abs) });
      return `${sign}${text}`;
    };
    return {
      locale,
      views,
      usdt,
      amount,
      /** A rate or estimate given as a decimal string ("0.1", "95.2") in the locale's figures. */
      decimal: (text: string) => formatDecimal(text, locale),
      /** "+1,500" / "−12.50": the number with its sign (zero has none). */
      signed: (value: Amount, currency: Currency) => {
        const n = big(value);
        const abs = n < 0n ? -n : n;
        const text = currency === "VIEWS" ? views(abs) : usdt(abs);
        return n > 0n ? `+${text}` : n < 0n ? `−${text}` : text;
      },
      dateTime: (iso: string) => dateFormatsOf(locale, timeZone).dateTime.format(new Date(iso)),
      date: (iso: string) => dateFormatsOf(locale, timeZone).dateOnly.format(new Date(iso)),
      /** A moment soon: "14:05" when it is today (local), else date and time. */
      when: (iso: string | Date, now: Date = new Date(renderedNow())) => {
        const at = new Date(iso);
        const { dateOnly, timeOnly, dateTime } = dateFormatsOf(locale, timeZone);
        return dateOnly.format(at) === dateOnly.format(now)
          ? timeOnly.format(at)
          : dateTime.format(at);
      },
    };
  }, [locale, t, timeZone]);
}
