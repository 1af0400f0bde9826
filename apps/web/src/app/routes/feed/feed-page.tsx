import { useTranslation } from "react-i18next";
import { FeedFiltersBar } from "@/features/videos/components/feed-filters-bar";
import { FeedHeader } from "@/features/videos/components/feed-header";
import { FeedResults } from "@/features/videos/components/feed-results";
import { useFeedFilters } from "@/features/videos/hooks/use-feed-filters";
import { useDocumentMeta } from "@/lib/use-document-meta";

/**
 * /feed: view balance, Add Video, the Request Views dialog (also opened by ?request=1), country
 * and theme filters in the address, boosted videos first, then newest first with infinite scroll.
 */
export function FeedPage() {
  const { t } = useTranslation("videos");
  useDocumentMeta(t("meta.feed"));
  const { filters, setFilters, requestOpen, setRequestOpen } = useFeedFilters();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <FeedHeader requestOpen={requestOpen} onRequestOpenChange={setRequestOpen} />
      <FeedFiltersBar filters={filters} onChange={setFilters} />
      <FeedResults filters={filters} />
    </div>
  );
}
