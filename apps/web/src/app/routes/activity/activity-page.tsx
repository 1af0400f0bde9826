import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MemberPage } from "@/components/layout/member-page";
import { BalanceTiles } from "@/components/money/balance-tiles";
import type { ActivityFilters as Filters } from "@/features/activity/api/get-activity";
import { ActivityFilters } from "@/features/activity/components/activity-filters";
import { ActivityList } from "@/features/activity/components/activity-list";
import { useDocumentMeta } from "@/lib/use-document-meta";

function readFilters(params: URLSearchParams): Filters {
  const currency = params.get("currency");
  const kind = params.get("kind");
  return {
    currency: currency === "VIEWS" || currency === "USDT" ? currency : undefined,
    kind: kind || undefined,
  };
}

/** /activity: the complete history with filters (kept in the address), paging and CSV export. */
export function ActivityPage() {
  const { t } = useTranslation("activity");
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  useDocumentMeta(t("title"));
  return (
    <MemberPage
      title={t("title")}
      subtitle={t("subtitle")}
      backLabel={t("money:back")}
      width="narrow"
    >
      <BalanceTiles activityLink={false} />
      <ActivityFilters
        filters={filters}
        onChange={(next) => {
          const search = new URLSearchParams();
          if (next.currency) search.set("currency", next.currency);
          if (next.kind) search.set("kind", next.kind);
          setParams(search, { replace: true });
        }}
      />
      <ActivityList filters={filters} />
    </MemberPage>
  );
}
