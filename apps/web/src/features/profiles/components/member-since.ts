/** "March 2026" / "março de 2026". */
export function formatMemberSince(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(new Date(iso));
}
