import type { DocumentSlug } from "@viewvault/shared";
import { DocumentView } from "@/features/documents/components/document-view";

/** Route element for the static pages; `key` resets the page when the slug changes. */
export function DocumentPage({ slug }: { slug: DocumentSlug }) {
  return <DocumentView key={slug} slug={slug} />;
}
