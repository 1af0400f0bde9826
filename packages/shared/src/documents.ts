/** The shape of a static page in the `pages` locale namespace. */
export interface DocumentSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface DocumentContent {
  title: string;
  description: string;
  sections: DocumentSection[];
}

/** i18next-style `{{key}}` interpolation, for the texts rendered outside i18next (PDFs, e-mails). */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export function interpolateDocument(
  doc: DocumentContent,
  values: Record<string, string>,
): DocumentContent {
  const fill = (s: string) => interpolate(s, values);
  return {
    title: fill(doc.title),
    description: fill(doc.description),
    sections: doc.sections.map((s) => ({
      heading: fill(s.heading),
      ...(s.paragraphs ? { paragraphs: s.paragraphs.map(fill) } : {}),
      ...(s.items ? { items: s.items.map(fill) } : {}),
    })),
  };
}
