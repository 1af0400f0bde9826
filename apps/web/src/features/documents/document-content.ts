import { type DocumentSlug, PDF_DOCUMENTS } from "@viewvault/shared";

export type DocumentSection = { heading: string; paragraphs?: string[]; items?: string[] };
export type DocumentContent = { title: string; description: string; sections: DocumentSection[] };

/** Pages whose header has a Back button (as in the seeds). */
export const BACK_BUTTON_DOCUMENTS: readonly DocumentSlug[] = [
  "aml-kyc-policy",
  "risk-disclosure",
  "withdraw-policy",
  "disclaimer",
];

export function hasPdf(slug: DocumentSlug): boolean {
  return (PDF_DOCUMENTS as readonly string[]).includes(slug);
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** Checks what `t(slug, { returnObjects: true })` gave back (a missing key gives a string). */
export function isDocumentContent(value: unknown): value is DocumentContent {
  if (!value || typeof value !== "object") return false;
  const { title, description, sections } = value as Record<string, unknown>;
  return (
    typeof title === "string" &&
    typeof description === "string" &&
    Array.isArray(sections) &&
    sections.every((section: unknown) => {
      if (!section || typeof section !== "object") return false;
      const { heading, paragraphs, items } = section as Record<string, unknown>;
      return (
        typeof heading === "string" &&
        (paragraphs === undefined || isStringArray(paragraphs)) &&
        (items === undefined || isStringArray(items))
      );
    })
  );
}
