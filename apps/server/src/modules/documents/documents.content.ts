import {
  type DocumentContent,
  type DocumentSlug,
  interpolateDocument,
  type Locale,
  policyFigures,
} from "@viewvault/shared";
import enPages from "@viewvault/shared/locales/en/pages.json" with { type: "json" };
import ptPages from "@viewvault/shared/locales/pt-BR/pages.json" with { type: "json" };

const PAGES: Record<Locale, Record<string, DocumentContent>> = {
  en: enPages as Record<string, DocumentContent>,
  "pt-BR": ptPages as Record<string, DocumentContent>,
};

/** A static page's text in `locale`, with every figure filled in from the shared constants. */
export function documentContent(slug: DocumentSlug, locale: Locale): DocumentContent {
  const doc = PAGES[locale][slug];
  if (!doc) throw new Error(`No text for page ${slug} in ${locale}`);
  return interpolateDocument(doc, policyFigures(locale));
}
