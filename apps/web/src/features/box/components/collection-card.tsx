import { Gem } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { useCollection } from "../api/get-collection";
import { ItemArt, RarityPill } from "./item-art";

/** A member's mystery box collection with counts (their profile and public page). */
export function CollectionCard({ username, isSelf }: { username: string; isSelf: boolean }) {
  const { t } = useTranslation("box");
  const headingId = useId();
  const collection = useCollection(username);
  if (collection.isError) return null;
  const items = collection.data?.items ?? [];
  const total = items.reduce((sum, item) => sum + item.count, 0);
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardContent className="grid gap-4 p-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id={headingId} className="flex items-center gap-2 font-semibold">
            <Gem aria-hidden="true" className="size-4 text-primary" />
            {isSelf ? t("collection.title") : t("collection.titleOf", { username })}
          </h2>
          {collection.data ? (
            <span className="text-sm text-muted-foreground">
              {t("collection.total", { count: total })}
            </span>
          ) : null}
        </div>
        {collection.data && items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("collection.empty")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("collection.title")}>
            {items.map((item) => (
              <li key={item.itemId} className="flex items-center gap-3">
                <ItemArt itemId={item.itemId} rarity={item.rarity} size="sm" />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="truncate text-sm font-medium">
                    {t(`items.${item.itemId}.name`)}
                  </span>
                  <RarityPill rarity={item.rarity} label={t(`rarity.${item.rarity}`)} />
                </div>
                <span className="font-mono text-sm font-semibold">
                  {t("collection.count", { count: item.count })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
