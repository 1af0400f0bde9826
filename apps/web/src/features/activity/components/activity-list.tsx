import { Loader2, Receipt } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { type ActivityFilters, useActivity } from "../api/get-activity";
import { ActivityRow } from "./activity-row";

/** The filtered history, a page at a time ("Load more" follows the cursor). */
export function ActivityList({ filters }: { filters: ActivityFilters }) {
  const { t } = useTranslation("activity");
  const query = useActivity(filters);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t("common:a11y.loading")} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card className="p-6 text-center text-sm text-destructive">
        <p>{t("loadFailed")}</p>
        <Button variant="outline" className="mt-4" onClick={() => query.refetch()}>
          {t("retry")}
        </Button>
      </Card>
    );
  }
  const entries = query.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return (
      <Card className="grid justify-items-center gap-3 p-10 text-center">
        <Receipt aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">{t("empty.title")}</p>
        <p className="text-sm text-muted-foreground">{t("empty.text")}</p>
      </Card>
    );
  }
  return (
    <div className="grid gap-4">
      <Card className="overflow-hidden">
        <ul aria-label={t("listLabel")} className="divide-y">
          {entries.map((entry) => (
            <ActivityRow key={entry.id} entry={entry} />
          ))}
        </ul>
      </Card>
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : null}
          {t("loadMore")}
        </Button>
      ) : (
        <p className="text-center text-xs text-muted-foreground">{t("end")}</p>
      )}
    </div>
  );
}
