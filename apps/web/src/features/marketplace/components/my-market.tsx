import { MARKETPLACE, type TOffer } from "@viewvault/shared";
import { Loader2, ShoppingBag, Tag, Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useCancelOffer, useMyMarket } from "../api/offers";
import { useOfferFormat } from "../use-offer-format";

/** "My offers and trades": my offers (an open one can be cancelled) and the offers I bought. */
export function MyMarket() {
  const { t } = useTranslation("marketplace");
  const query = useMyMarket();
  const cancel = useCancelOffer();
  const fmt = useOfferFormat();

  function onCancel(offer: TOffer) {
    cancel.mutate(offer.id, {
      onSuccess: () =>
        toast.success(t("messages.cancelled"), {
          description: t("messages.cancelledDetail", { views: fmt.figures(offer).views }),
        }),
      onError: (error) => toast.error(errorText(t, error, t("messages.cancelFailed"))),
    });
  }

  const body = (rows: TOffer[] | undefined, empty: string, role: "seller" | "buyer") => {
    if (query.isPending) {
      return (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      );
    }
    if (query.isError) {
      return (
        <p className="py-6 text-center text-sm text-destructive" role="alert">
          {t("offers.loadFailed")}
        </p>
      );
    }
    if (!rows?.length) {
      return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
    }
    return (
      <ul className="divide-y">
        {rows.map((offer) => {
          const figures = fmt.figures(offer);
          return (
            <li
              key={offer.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid={role === "seller" ? "my-offer" : "my-purchase"}
            >
              <div className="grid min-w-0 gap-0.5">
                <span className="text-sm font-medium tabular-nums">
                  {figures.views} · {figures.total}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t("confirm.price", { price: figures.price })}
                </span>
                {/* Both times, each named: when it was listed, and when it sold or was cancelled. */}
                <span className="text-xs text-muted-foreground" data-testid="offer-times">
                  {t("mine.listedAt", { date: fmt.dateTime(offer.createdAt) })}
                  {offer.closedAt && offer.status !== "OPEN"
                    ? ` · ${t(`mine.closedAt.${offer.status}`, { date: fmt.dateTime(offer.closedAt) })}`
                    : null}
                </span>
                {role === "seller" && offer.buyer ? (
                  <span className="text-xs text-muted-foreground">
                    {t("mine.boughtBy", { username: offer.buyer.username })}
                  </span>
                ) : null}
                {role === "buyer" ? (
                  <span className="text-xs text-muted-foreground">
                    {t("mine.boughtFrom", { username: offer.seller.username })}
                  </span>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={offer.status === "OPEN" ? "brand" : "secondary"}>
                  {t(`mine.status.${offer.status}`)}
                </Badge>
                {role === "seller" && offer.status === "OPEN" ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={cancel.isPending}
                    onClick={() => onCancel(offer)}
                  >
                    {cancel.isPending ? (
                      <Loader2 aria-hidden="true" className="animate-spin" />
                    ) : (
                      <Undo2 aria-hidden="true" />
                    )}
                    {cancel.isPending ? t("mine.cancelling") : t("mine.cancel")}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Tag aria-hidden="true" className="size-5 text-primary" />
            {t("mine.offers")}
          </CardTitle>
          <CardDescription>
            {t("mine.offersDescription", { count: MARKETPLACE.mineShown })}
          </CardDescription>
        </CardHeader>
        <CardContent>{body(query.data?.offers, t("mine.noOffers"), "seller")}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShoppingBag aria-hidden="true" className="size-5 text-primary" />
            {t("mine.purchases")}
          </CardTitle>
          <CardDescription>
            {t("mine.purchasesDescription", { count: MARKETPLACE.mineShown })}
          </CardDescription>
        </CardHeader>
        <CardContent>{body(query.data?.purchases, t("mine.noPurchases"), "buyer")}</CardContent>
      </Card>
    </div>
  );
}
