import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { BalanceTiles } from "@/components/money/balance-tiles";
import { Button } from "@/components/ui/button";
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
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-3">
        <Button asChild variant="ghost" className="justify-self-start">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {t("money:back")}
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
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
    </div>
  );
}
