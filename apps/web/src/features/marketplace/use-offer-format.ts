import { formatUsdtTrimmed, type TOffer } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "@/lib/use-money-format";

/**
 * An offer's figures in the current language: the views, the price per view with every decimal
 * the seller chose ("0.123456 USDT"), and the total.
 */
export function useOfferFormat() {
  const fmt = useMoneyFormat();
  const { t } = useTranslation("money");
  return {
    ...fmt,
    price: (micro: bigint | string) =>
      t("units.usdt", { amount: formatUsdtTrimmed(BigInt(micro), fmt.locale) }),
    figures: (offer: Pick<TOffer, "viewsQuantity" | "priceUsdtPerView" | "totalPriceUsdt">) => ({
      views: fmt.amount(offer.viewsQuantity, "VIEWS"),
      price: t("units.usdt", {
        amount: formatUsdtTrimmed(BigInt(offer.priceUsdtPerView), fmt.locale),
      }),
      total: fmt.amount(offer.totalPriceUsdt, "USDT"),
    }),
  };
}
