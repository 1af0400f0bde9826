import { addMoneyFormatters, DEFAULT_LOCALE, LOCALES, type Locale } from "@viewvault/shared";
import i18n, { type BackendModule, type ReadCallback } from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";

/**
 * Where the chosen language is remembered (also read by the inline script in index.html), and
 * the name of the cookie that tells the server which prerendered landing page to send.
 */
export const LANGUAGE_STORAGE_KEY = "vv-lang";

type LocaleModule = { default: Record<string, unknown> };

// One lazily loaded chunk per language and namespace: only the current language is fetched.
const localeFiles = import.meta.glob<LocaleModule>("@locales/*/*.json");
const byLanguageAndNamespace = new Map<string, () => Promise<LocaleModule>>();
for (const [path, load] of Object.entries(localeFiles)) {
  const match = /([^/]+)\/([^/]+)\.json$/.exec(path);
  if (match) byLanguageAndNamespace.set(`${match[1]}/${match[2]}`, load);
}

/** Every namespace of the locale files (the server's render loads them all, ADR 084). */
export const ALL_NAMESPACES = [
  ...new Set([...byLanguageAndNamespace.keys()].map((key) => key.split("/")[1] ?? "")),
].filter(Boolean);

const lazyLocaleBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = byLanguageAndNamespace.get(`${language}/${namespace}`);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Maps a browser language ("pt", "pt-PT", "en-GB") to one we ship. */
export function toSupportedLocale(code: string | undefined | null): Locale {
  const lower = (code ?? "").toLowerCase();
  if (lower.startsWith("pt")) return "pt-BR";
  if (lower.startsWith("en")) return "en";
  return DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return toSupportedLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** One year: the server reads this cookie to send "/" prerendered in the same language. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function applyLanguage(language: string) {
  if (typeof document === "undefined") return;
  const locale = toSupportedLocale(language);
  document.documentElement.lang = locale;
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie.
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

i18n.on("languageChanged", applyLanguage);

export const i18nReady = i18n
  .use(lazyLocaleBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LOCALES],
    // Both locales are complete, so a supported language never needs a second file set.
    fallbackLng: (code: string) => ((LOCALES as readonly string[]).includes(code) ? [] : ["en"]),
    load: "currentOnly",
    // Every page may show a refusal: the error catalogue loads with the common texts.
    ns: ["common", "errors"],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      // The cookie too, so the page agrees with the server's choice of prerendered landing page.
      order: ["localStorage", "cookie", "navigator"],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupCookie: LANGUAGE_STORAGE_KEY,
      caches: ["localStorage"],
      convertDetectedLanguage: (language: string) => toSupportedLocale(language),
    },
    react: { useSuspense: true },
  });
// `{{cost, views}}`, `{{min, usdt}}`: amounts in messages in the reader's figures (the services
// exist once `init` has started).
addMoneyFormatters(i18n);

export default i18n;
