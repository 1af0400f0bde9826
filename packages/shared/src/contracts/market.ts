import { z } from "zod";
import { MARKETPLACE } from "../constants";
import { ZBalances, ZMemberRef, ZMinorUnits } from "./money";

const BOUNDS_TEXT = `whole views from 1 to ${MARKETPLACE.maxViews.toLocaleString("en")}; price per view in USDT above 0, at most ${(MARKETPLACE.maxPriceMicroUsdt / 1_000_000n).toLocaleString("en")}, with up to ${MARKETPLACE.priceDecimals} decimals`;

/**
 * A new offer as the seller typed it: whole views and a price per view in USDT ("0.12"). Empty
 * or zero values pass the contract and are refused by the shared `offerProblem` with the seeds'
 * "Quantidade e preço devem ser maiores que zero".
 */
export const ZCreateOfferRequest = z
  .object({
    viewsQuantity: z.string().trim().max(32).describe(`whole views (${BOUNDS_TEXT})`),
    pricePerView: z
      .string()
      .trim()
      .max(32)
      .describe(`USDT per view, "." or "," as the decimal separator (${BOUNDS_TEXT})`),
  })
  .meta({ id: "CreateOfferRequest" });
export type TCreateOfferRequest = z.infer<typeof ZCreateOfferRequest>;

export const OFFER_STATUSES = ["OPEN", "SOLD", "CANCELLED"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** An offer (seeds' fields: views_quantity, price_usdt_per_view, total_price_usdt, seller). */
export const ZOffer = z
  .object({
    id: z.uuid(),
    viewsQuantity: ZMinorUnits.describe("whole views"),
    priceUsdtPerView: ZMinorUnits.describe("micro-USDT per view"),
    totalPriceUsdt: ZMinorUnits.describe("micro-USDT: views × price, all to the seller (no fee)"),
    seller: ZMemberRef,
    buyer: ZMemberRef.nullable(),
    status: z.enum(OFFER_STATUSES),
    createdAt: z.iso.datetime(),
    closedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Offer" });
export type TOffer = z.infer<typeof ZOffer>;

export const OFFER_SORTS = ["price_asc", "price_desc", "newest"] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

export const ZOfferListQuery = z.object({
  sort: z.enum(OFFER_SORTS).default("price_asc"),
  page: z.coerce.number().int().min(1).max(MARKETPLACE.maxPages).default(1),
});
export type TOfferListQuery = z.infer<typeof ZOfferListQuery>;

export const ZOfferPage = z
  .object({
    offers: z.array(ZOffer),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: "OfferPage" });
export type TOfferPage = z.infer<typeof ZOfferPage>;

export const ZOfferId = z.object({ id: z.uuid() });

/** The answer of listing, buying or cancelling: the offer as it now is and the member's balances. */
export const ZOfferResult = z
  .object({ offer: ZOffer, balances: ZBalances })
  .meta({ id: "OfferResult" });
export type TOfferResult = z.infer<typeof ZOfferResult>;

/** The member's own offers (any status) and the offers they bought, newest first. */
export const ZMyMarket = z
  .object({ offers: z.array(ZOffer), purchases: z.array(ZOffer) })
  .meta({ id: "MyMarket" });
export type TMyMarket = z.infer<typeof ZMyMarket>;
