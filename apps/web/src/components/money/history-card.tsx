import type { UseQueryResult } from "@tanstack/react-query";
import { History } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

/**
 * A card listing a member's latest movements of one kind (swaps, transfers): loading, failure
 * and empty states, one list item per row, and a link to the full history in Activity.
 */
export function HistoryCard<T extends { id: string }>({
  query,
  title,
  description,
  loadFailed,
  empty,
  all,
  itemClassName,
  renderItem,
}: {
  query: UseQueryResult<T[]>;
  title: string;
  description: string;
  loadFailed: string;
  empty: string;
  all: { to: string; label: string };
  itemClassName: string;
  renderItem: (row: T) => ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label={t("a11y.loading")} />
          </div>
        ) : query.isError ? (
          <p className="text-sm text-destructive">{loadFailed}</p>
        ) : query.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {empty}
          </p>
        ) : (
          <ul aria-label={title} className="divide-y">
            {query.data.map((row) => (
              <li key={row.id} className={itemClassName}>
                {renderItem(row)}
              </li>
            ))}
          </ul>
        )}
        <Link
          to={all.to}
          className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {all.label}
        </Link>
      </CardContent>
    </Card>
  );
}
