import { z } from "zod";
import { LOCALES } from "../constants";

/** Static pages that exist in the product; each can also be downloaded as a PDF. */
export const DOCUMENT_SLUGS = [
  "whitepaper",
  "terms-of-use",
  "privacy-policy",
  "cookie-policy",
  "aml-kyc-policy",
  "risk-disclosure",
  "withdraw-policy",
  "disclaimer",
  "ad-policy",
  "rewards-policy",
  "referral-policy",
  "about-us",
  "contact",
  "help",
  "security",
  "compliance",
  "transparency",
] as const;
export type DocumentSlug = (typeof DOCUMENT_SLUGS)[number];

/** Documents offered in the official PDF bundle (the whitepaper and the policies). */
export const PDF_DOCUMENTS = [
  "whitepaper",
  "terms-of-use",
  "privacy-policy",
  "cookie-policy",
  "aml-kyc-policy",
  "risk-disclosure",
  "withdraw-policy",
  "disclaimer",
  "ad-policy",
  "rewards-policy",
  "referral-policy",
] as const satisfies readonly DocumentSlug[];

export const ZDocumentPdfParams = z.object({ slug: z.enum(PDF_DOCUMENTS) });
export const ZDocumentPdfQuery = z.object({ lang: z.enum(LOCALES).default("en") });
