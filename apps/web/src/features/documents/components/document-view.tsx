import type { DocumentSlug } from "@viewvault/shared";
import { ArrowLeft, ChevronDown, Download, FileText } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { documentPdfHref } from "@/components/layout/navigation";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { currentLocale } from "@/lib/i18n";
import { useDocumentMeta } from "@/lib/use-document-meta";
import { useFigures } from "@/lib/use-figures";
import {
  BACK_BUTTON_DOCUMENTS,
  type DocumentContent,
  type DocumentSection,
  hasPdf,
  isDocumentContent,
} from "../document-content";

function SectionBody({ section }: { section: DocumentSection }) {
  return (
    <>
      {section.paragraphs?.map((paragraph, index) => (
        <p key={index} className="mt-3 leading-relaxed text-muted-foreground">
          {paragraph}
        </p>
      ))}
      {section.items?.length ? (
        <ul className="mt-3 list-disc space-y-1.5 pl-5 leading-relaxed text-muted-foreground marker:text-primary">
          {section.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function BackButton() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate("/", { replace: true });
  };
  return (
    <Button variant="ghost" size="sm" onClick={goBack} className="-ml-2">
      <ArrowLeft aria-hidden="true" />
      {t("document.back")}
    </Button>
  );
}

function FaqList({ sections }: { sections: DocumentSection[] }) {
  return (
    <div className="divide-y rounded-xl border bg-card">
      {sections.map((section, index) => (
        <details key={index} className="group px-5 py-1 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <h2 className="text-base">{section.heading}</h2>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="pb-4">
            <SectionBody section={section} />
          </div>
        </details>
      ))}
    </div>
  );
}

function SectionList({ sections }: { sections: DocumentSection[] }) {
  return (
    <div className="space-y-10">
      {sections.map((section, index) => (
        <section key={index} aria-labelledby={`section-${index + 1}`}>
          <h2 id={`section-${index + 1}`} className="text-xl font-semibold tracking-tight">
            {section.heading}
          </h2>
          <SectionBody section={section} />
        </section>
      ))}
    </div>
  );
}

function TableOfContents({ sections }: { sections: DocumentSection[] }) {
  const { t } = useTranslation("common");
  return (
    <nav aria-labelledby="toc-title" className="sticky top-24 hidden lg:block">
      <h2
        id="toc-title"
        className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {t("document.onThisPage")}
      </h2>
      <ol className="mt-3 space-y-2 border-l text-sm">
        {sections.map((section, index) => (
          <li key={index}>
            <a
              href={`#section-${index + 1}`}
              className="-ml-px block border-l border-transparent pl-3 text-muted-foreground outline-none hover:border-primary hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              {section.heading}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * One page for every static document: title, description and sections from `pages:<slug>`.
 * `lead` is shown above the sections (the route passes the live totals on the transparency page).
 */
export function DocumentView({ slug, lead }: { slug: DocumentSlug; lead?: ReactNode }) {
  const { t } = useTranslation(["pages", "common"]);
  const figures = useFigures();
  const raw: unknown = t(slug, { ns: "pages", returnObjects: true, ...figures });
  const content: DocumentContent | null = isDocumentContent(raw) ? raw : null;
  useDocumentMeta(
    content?.title ?? t("common:document.unavailableTitle"),
    content?.description ?? "",
  );

  const pdfHref = documentPdfHref(slug, currentLocale());
  const isWhitepaper = slug === "whitepaper";
  const isFaq = slug === "help";
  const showToc = !isFaq && (content?.sections.length ?? 0) >= 4;

  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      {BACK_BUTTON_DOCUMENTS.includes(slug) ? (
        <div className="mb-4">
          <BackButton />
        </div>
      ) : null}

      {content ? (
        <>
          <header className="max-w-3xl">
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {content.title}
            </h1>
            <p className="mt-3 text-lg text-pretty text-muted-foreground">{content.description}</p>
            {isWhitepaper ? (
              <Button asChild variant="gradient" className="mt-6">
                <a href={pdfHref} download>
                  <Download aria-hidden="true" />
                  {t("common:document.downloadPdf")}
                </a>
              </Button>
            ) : hasPdf(slug) ? (
              <a
                href={pdfHref}
                download
                className="mt-4 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                <FileText aria-hidden="true" className="size-4" />
                {t("common:document.downloadPdf")}
              </a>
            ) : null}
          </header>

          <div
            className={showToc ? "mt-10 grid gap-12 lg:grid-cols-[minmax(0,1fr)_16rem]" : "mt-10"}
          >
            <div className="max-w-3xl min-w-0">
              {lead ? <div className="mb-10">{lead}</div> : null}
              {isFaq ? (
                <FaqList sections={content.sections} />
              ) : (
                <SectionList sections={content.sections} />
              )}
            </div>
            {showToc ? (
              <aside>
                <TableOfContents sections={content.sections} />
              </aside>
            ) : null}
          </div>
        </>
      ) : (
        <Alert variant="warning" className="max-w-2xl">
          <FileText aria-hidden="true" />
          <AlertTitle>
            <h1>{t("common:document.unavailableTitle")}</h1>
          </AlertTitle>
          <AlertDescription>{t("common:document.unavailable")}</AlertDescription>
        </Alert>
      )}
    </article>
  );
}
