import {
  type DocumentSlug,
  LEGAL,
  type Locale,
  PDF_DOCUMENTS,
  PRODUCT_NAME,
  policyFigures,
} from "@viewvault/shared";
import PDFDocument from "pdfkit";
import { translator } from "../../lib/i18n";
import { documentContent } from "./documents.content";

/** The PDFs' own labels, in the reader's language (common:pdf.*). */
function labels(locale: Locale) {
  const t = translator(locale);
  return {
    official: t("common:pdf.official"),
    contents: t("common:pdf.contents"),
    updated: t("common:pdf.updated"),
    page: t("common:pdf.page"),
    notice: t("common:pdf.notice"),
  };
}

const BRAND = "#7c3aed";
const INK = "#111827";
const MUTED = "#6b7280";

function renderDocument(
  pdf: PDFKit.PDFDocument,
  slug: DocumentSlug,
  locale: Locale,
  first: boolean,
): void {
  const doc = documentContent(slug, locale);
  if (!first) pdf.addPage();
  pdf.font("Helvetica-Bold").fontSize(22).fillColor(BRAND).text(doc.title);
  pdf.moveDown(0.3);
  pdf.font("Helvetica").fontSize(11).fillColor(MUTED).text(doc.description);
  pdf.moveDown(0.2);
  pdf.fontSize(9).text(`${labels(locale).updated}: ${policyFigures(locale).lastUpdated}`);
  pdf.moveDown(1);
  for (const section of doc.sections) {
    pdf.font("Helvetica-Bold").fontSize(13).fillColor(INK).text(section.heading);
    pdf.moveDown(0.3);
    pdf.font("Helvetica").fontSize(10.5).fillColor(INK);
    for (const paragraph of section.paragraphs ?? []) {
      pdf.text(paragraph, { align: "left", lineGap: 2 });
      pdf.moveDown(0.5);
    }
    if (section.items?.length) {
      pdf.list(section.items, { bulletRadius: 2, textIndent: 12, lineGap: 2 });
      pdf.moveDown(0.5);
    }
    pdf.moveDown(0.4);
  }
}

function addFooters(pdf: PDFKit.PDFDocument, locale: Locale): void {
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.height - 40;
    const saved = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font("Helvetica").fontSize(8).fillColor(MUTED);
    pdf.text(`${PRODUCT_NAME} · ${labels(locale).notice}`, 50, bottom, {
      width: pdf.page.width - 170,
      lineBreak: false,
    });
    pdf.text(`${labels(locale).page} ${i + 1}/${range.count}`, pdf.page.width - 110, bottom, {
      width: 60,
      align: "right",
    });
    pdf.page.margins.bottom = saved;
  }
}

function toBuffer(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
}

async function build(
  slugs: readonly DocumentSlug[],
  locale: Locale,
  title: string,
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: 56, bottom: 64, left: 50, right: 50 },
    bufferPages: true,
    info: {
      Title: title,
      Author: PRODUCT_NAME,
      Subject: title,
      CreationDate: new Date(`${LEGAL.lastUpdated}T00:00:00Z`),
    },
    lang: locale,
  });
  const done = toBuffer(pdf);
  if (slugs.length > 1) {
    pdf.font("Helvetica-Bold").fontSize(28).fillColor(BRAND).text(PRODUCT_NAME);
    pdf.font("Helvetica").fontSize(16).fillColor(INK).text(labels(locale).official);
    pdf.moveDown(1.5);
    pdf.font("Helvetica-Bold").fontSize(13).text(labels(locale).contents);
    pdf.moveDown(0.5);
    pdf.font("Helvetica").fontSize(11);
    slugs.forEach((slug, i) => {
      pdf.text(`${i + 1}. ${documentContent(slug, locale).title}`);
    });
    pdf.addPage();
  }
  slugs.forEach((slug, i) => {
    renderDocument(pdf, slug, locale, i === 0);
  });
  addFooters(pdf, locale);
  pdf.end();
  return done;
}

const cache = new Map<string, Promise<Buffer>>();

/** The PDF of one document, or of the whole official set, in `locale`. Texts are fixed per build, so PDFs are cached. */
export function documentPdf(which: DocumentSlug | "official", locale: Locale): Promise<Buffer> {
  const key = `${which}:${locale}`;
  let pdf = cache.get(key);
  if (!pdf) {
    pdf =
      which === "official"
        ? build(PDF_DOCUMENTS, locale, `${PRODUCT_NAME} — ${labels(locale).official}`)
        : build([which], locale, `${PRODUCT_NAME} — ${documentContent(which, locale).title}`);
    pdf.catch(() => cache.delete(key));
    cache.set(key, pdf);
  }
  return pdf;
}
