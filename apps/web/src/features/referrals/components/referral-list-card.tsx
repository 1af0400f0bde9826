import { ListOrdered } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useReferralList } from "../api/get-referrals";
import { ReferralRow } from "./referral-row";

/** Every referral, newest first, a keyset page at a time with "Show more". */
export function ReferralListCard() {
  const { t } = useTranslation("referrals");
  const list = useReferralList();
  const rows = list.data?.pages.flatMap((p) => p.referrals) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListOrdered aria-hidden="true" className="size-5 text-primary" />
          {t("all.title")}
        </CardTitle>
        <CardDescription>{t("all.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {list.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t("common:a11y.loading")} />
          </div>
        ) : list.isError && rows.length === 0 ? (
          <p className="text-sm text-destructive" role="alert">
            {t("loadFailed")}
          </p>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t("recent.empty")}
          </p>
        ) : (
          <ul aria-label={t("all.title")} className="divide-y">
            {rows.map((referral) => (
              <ReferralRow key={referral.id} referral={referral} />
            ))}
          </ul>
        )}
        <div className="flex justify-center" aria-live="polite">
          {list.isFetchingNextPage ? (
            <Spinner className="size-6" label={t("all.loadingMore")} />
          ) : list.hasNextPage ? (
            <Button variant="outline" onClick={() => void list.fetchNextPage()}>
              {t("all.more")}
            </Button>
          ) : rows.length > 0 ? (
            <p className="text-sm text-muted-foreground">{t("all.end", { count: rows.length })}</p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
