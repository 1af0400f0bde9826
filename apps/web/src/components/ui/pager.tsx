import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

/**
 * Previous / next for a list read a page at a time (page numbers from 1, `hasMore` from the
 * server). Renders nothing when there is a single page.
 */
export function Pager({
  page,
  hasMore,
  onPage,
  label,
  previousLabel,
  nextLabel,
  pageText,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  /** The navigation landmark's name (the list's title). */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** "Page 2", in the caller's words. */
  pageText: string;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="flex items-center justify-between gap-3" aria-label={label}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(Math.max(1, page - 1))}
        aria-label={previousLabel}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <span className="text-sm text-muted-foreground">{pageText}</span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={!hasMore}
        onClick={() => onPage(page + 1)}
        aria-label={nextLabel}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
