import { policyFigures } from "@viewvault/shared";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toSupportedLocale } from "./i18n";

/** The `{{placeholders}}` of page texts (rates, fees, limits) in the current language. */
export function useFigures(): Record<string, string> {
  const { i18n } = useTranslation();
  const locale = toSupportedLocale(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => policyFigures(locale), [locale]);
}
