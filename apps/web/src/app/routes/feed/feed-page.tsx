import { useTranslation } from "react-i18next";
import { FeedFiltersBar } from "@/features/videos/components/feed-filters-bar";
import { FeedHeader } from "@/features/videos/components/feed-header";
import { FeedResults } from "@/features/videos/components/feed-results";
import { useFeedFilters } from "@/features/videos/hooks/use-feed-filters";
import { useDocumentMeta } from "@/lib/use-document-meta";

/**
 * /feed: view balance, Add Video, the Request Views dialog (also opened by ?request=1), country
 * and theme filters and the order (newest or most watched) in the address, boosted videos first,
 * then the rest with infinite scroll; for a member, today's count and the earned marks.
 */
export function FeedPage() {
  const { t } = useTranslation("videos");
  useDocumentMeta(t("meta.feed"));
  const { filters, setFilters, sort, setSort, requestOpen, setRequestOpen } = useFeedFilters();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <FeedHeader requestOpen={requestOpen} onRequestOpenChange={setRequestOpen} />
      <FeedFiltersBar filters={filters} onChange={setFilters} sort={sort} onSortChange={setSort} />
      <FeedResults filters={filters} sort={sort} />
    </div>
  );
}
