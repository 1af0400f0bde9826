import type { DocumentSlug } from "@viewvault/shared";
import { DocumentView } from "@/features/documents/components/document-view";
import { PlatformTotals } from "@/features/transparency/components/platform-totals";

/**
 * Route element for the static pages; `key` resets the page when the slug changes. The route
 * composes the two features: the transparency page leads with the live platform totals.
 */
export function DocumentPage({ slug }: { slug: DocumentSlug }) {
  return (
    <DocumentView
      key={slug}
      slug={slug}
      lead={slug === "transparency" ? <PlatformTotals /> : undefined}
    />
  );
}
