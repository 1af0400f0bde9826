import { OFFER_SORTS, type OfferSort, type TOffer } from "@viewvault/shared";
import { RefreshCw, ShoppingCart, Store } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MemberChip } from "@/components/account/member-chip";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Pager } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";
import { useOnline } from "@/lib/presence/presence";
import { useBuyOffer, useOffers } from "../api/offers";
import { useOfferFormat } from "../use-offer-format";
import { BuyDialog } from "./buy-dialog";

/**
 * Comprar: the open offers a page at a time, sorted by price or newest. Each shows the views,
 * the price per view, the total and the seller; one's own offer reads "Sua Oferta" (disabled).
 * The purchase's idempotent mutation lives here, so a retry after a lost answer reuses its key.
 */
export function OffersCard() {
  const { t } = useTranslation("marketplace");
  const ids = useId();
  const { profile } = useAuth();
  const [sort, setSort] = useState<OfferSort>("price_asc");
  const [page, setPage] = useState(1);
  const query = useOffers(sort, page);
  const buy = useBuyOffer();
  const [buying, setBuying] = useState<TOffer | null>(null);
  const online = useOnline((query.data?.offers ?? []).map((offer) => offer.seller.id));

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Store aria-hidden="true" className="size-5 text-primary" />
            {t("offers.title")}
          </CardTitle>
          <CardDescription>{t("offers.description")}</CardDescription>
        </div>
        <div className="grid gap-1.5 sm:w-56">
          <Label htmlFor={`${ids}-sort`}>{t("offers.sort")}</Label>
          <NativeSelect
            id={`${ids}-sort`}
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as OfferSort);
              setPage(1);
            }}
          >
            {OFFER_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`offers.sorts.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : query.isError ? (
          <div className="grid justify-items-center gap-3 py-8 text-center" role="alert">
            <p className="text-sm text-destructive">{t("offers.loadFailed")}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => query.refetch()}>
              <RefreshCw aria-hidden="true" />
              {t("offers.retry")}
            </Button>
          </div>
        ) : query.data.offers.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{t("offers.empty")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("offers.title")}>
            {query.data.offers.map((offer) => (
              <OfferRow
                key={offer.id}
                offer={offer}
                own={offer.seller.id === profile?.id}
                online={online.data?.has(offer.seller.id) ?? false}
                disabled={buy.isPending}
                onBuy={() => setBuying(offer)}
              />
            ))}
          </ul>
        )}
        {query.data ? (
          <Pager
            page={page}
            hasMore={query.data.hasMore}
            onPage={setPage}
            label={t("offers.title")}
            previousLabel={t("offers.previous")}
            nextLabel={t("offers.next")}
            pageText={t("offers.page", { page })}
          />
        ) : null}
      </CardContent>
      {buying ? <BuyDialog offer={buying} mutation={buy} onClose={() => setBuying(null)} /> : null}
    </Card>
  );
}

function OfferRow({
  offer,
  own,
  online,
  disabled,
  onBuy,
}: {
  offer: TOffer;
  own: boolean;
  /** The seller is online (the list asks for all its sellers at once). */
  online: boolean;
  disabled: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation("marketplace");
  const fmt = useOfferFormat();
  const figures = fmt.figures(offer);
  return (
    <li
      className="grid grid-cols-2 gap-3 rounded-xl border p-4 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-center"
      data-testid="offer"
    >
      <div className="col-span-2 grid gap-0.5 lg:col-span-1">
        <span className="text-xs text-muted-foreground">{t("offers.seller")}</span>
        <MemberChip
          username={offer.seller.username}
          isVerified={offer.seller.isVerified}
          presence={{ id: offer.seller.id, online }}
          className="text-sm"
          avatarClassName="size-6 text-xs"
        />
      </div>
      <div className="grid gap-0.5">
        <span className="text-xs text-muted-foreground">{t("offers.views")}</span>
        <span className="text-lg font-bold tabular-nums">{figures.views}</span>
      </div>
      <div className="grid gap-0.5">
        <span className="text-xs text-muted-foreground">{t("offers.pricePerView")}</span>
        <span className="font-medium tabular-nums">{figures.price}</span>
      </div>
      <div className="grid gap-0.5">
        <span className="text-xs text-muted-foreground">{t("offers.total")}</span>
        <span className="font-semibold tabular-nums">{figures.total}</span>
      </div>
      {own ? (
        <Button type="button" variant="outline" className="col-span-2 lg:col-span-1" disabled>
          {t("offers.ownOffer")}
        </Button>
      ) : (
        <Button
          type="button"
          variant="gradient"
          className="col-span-2 lg:col-span-1"
          onClick={onBuy}
          disabled={disabled}
        >
          <ShoppingCart aria-hidden="true" />
          {t("offers.buy")}
        </Button>
      )}
    </li>
  );
}
