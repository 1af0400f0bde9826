import { addMoneyFormatters, DEFAULT_LOCALE, LOCALES, type Locale } from "@viewvault/shared";
import { LOCALE_RESOURCES } from "@viewvault/shared/locales";
import i18next, { type TFunction } from "i18next";

/**
 * The server speaks the member's language from the same locale files as the web app: error
 * messages, e-mails and PDFs are rendered here with i18next, never written in a service.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: LOCALE_RESOURCES as unknown as Record<string, Record<string, object>>,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: Object.keys(LOCALE_RESOURCES.en),
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
// `{{cost, views}}`, `{{min, usdt}}`: amounts in messages in the reader's figures.
addMoneyFormatters(i18n);

const fixed = new Map<Locale, TFunction>(LOCALES.map((l) => [l, i18n.getFixedT(l)]));

/** The translate function of a locale (`t("errors:NOT_FOUND", { context: "video" })`). */
export function translator(locale: Locale): TFunction {
  return fixed.get(locale) ?? (fixed.get(DEFAULT_LOCALE) as TFunction);
}

/** Whether a key ("errors:validation.invalidEmail") exists in the locale files. */
export function hasKey(key: string): boolean {
  return i18n.exists(key, { lng: DEFAULT_LOCALE });
}

export function toLocale(value: unknown): Locale | undefined {
  return (LOCALES as readonly unknown[]).includes(value) ? (value as Locale) : undefined;
}

/**
 * The language of an anonymous request: the `vv-lang` cookie the web app writes, else the
 * browser's Accept-Language (Portuguese → pt-BR), else English.
 */
export function requestLocale(cookie: string | undefined, acceptLanguage: string | undefined) {
  const chosen = toLocale(/(?:^|;\s*)vv-lang=([^;]*)/.exec(cookie ?? "")?.[1]?.trim());
  if (chosen) return chosen;
  const first = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q)[0];
  return first?.tag.startsWith("pt") ? "pt-BR" : "en";
}
