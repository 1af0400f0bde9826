import {
  insufficientOfferUsdt,
  insufficientOfferViews,
  MARKETPLACE,
  offerProblem,
  parseOffer,
  type TBalances,
  type TCreateOfferRequest,
  type TMyMarket,
  type TOffer,
  type TOfferListQuery,
  type TOfferPage,
  type TOfferResult,
} from "@viewvault/shared";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Idempotency } from "../idempotency/idempotency";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import type { ProfileRow } from "../profiles/profiles.repository";
import { type OfferRow, offersOfBuyer, offersOfSeller, openOffers } from "./marketplace.repository";

const iso = (value: Date | string) => new Date(value).toISOString();

export function toOfferDto(row: OfferRow): TOffer {
  return {
    id: row.id,
    viewsQuantity: row.views_quantity,
    priceUsdtPerView: row.price_usdt_per_view,
    totalPriceUsdt: row.total_price_usdt,
    seller: { id: row.seller_id, username: row.seller_username, isVerified: row.seller_verified },
    buyer:
      row.buyer_id && row.buyer_username
        ? { id: row.buyer_id, username: row.buyer_username, isVerified: !!row.buyer_verified }
        : null,
    status: row.status,
    createdAt: iso(row.created_at),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
  };
}

/** The offer as the database function answered it (timestamps as PostgreSQL wrote them). */
interface OfferJson extends Omit<TOffer, "createdAt" | "closedAt"> {
  createdAt: string;
  closedAt: string | null;
}

interface OfferCommandRow {
  offer: OfferJson;
  balances: TBalances;
}

function toResult(outcome: CommandOutcome<OfferCommandRow>): CommandOutcome<TOfferResult> {
  const { offer, balances } = outcome.result;
  return {
    ...outcome,
    result: {
      offer: {
        ...offer,
        createdAt: iso(offer.createdAt),
        closedAt: offer.closedAt ? iso(offer.closedAt) : null,
      },
      balances,
    },
  };
}

const LIST_COMMAND = command("vv_market_list", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_views: "bigint",
  p_price: "bigint",
  p_now: "timestamptz",
});
const BUY_COMMAND = command("vv_market_buy", {
  p_buyer: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_offer: "uuid",
  p_now: "timestamptz",
});
const CANCEL_COMMAND = command("vv_market_cancel", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_offer: "uuid",
  p_now: "timestamptz",
});

/**
 * Lists an offer: the seeds' sell checks (the shared sequence the form runs), then vv_market_list
 * moves the views to escrow and records the offer in one statement.
 */
export async function listOffer(
  money: Money,
  clock: Clock,
  seller: ProfileRow,
  request: TCreateOfferRequest,
  idem: Idempotency,
): Promise<CommandOutcome<TOfferResult>> {
  const problem = offerProblem(request, { balances: null });
  if (problem) throw AppError.from(problem);
  const offer = parseOffer(request);
  if (!offer) throw new AppError("OFFER_NOT_POSITIVE");
  const outcome = await LIST_COMMAND.run<OfferCommandRow>(
    money,
    {
      member: seller.id,
      ...idem,
      views: offer.views,
      price: offer.priceMicroUsdt,
      now: clock.now(),
    },
    { insufficient: insufficientOfferViews() },
  );
  return toResult(outcome);
}

/** Buys a whole offer (vv_market_buy): one of racing buyers wins, the others are refused. */
export async function buyOffer(
  money: Money,
  clock: Clock,
  buyer: ProfileRow,
  offerId: string,
  idem: Idempotency,
): Promise<CommandOutcome<TOfferResult>> {
  const outcome = await BUY_COMMAND.run<OfferCommandRow>(
    money,
    { buyer: buyer.id, ...idem, offer: offerId, now: clock.now() },
    { insufficient: insufficientOfferUsdt() },
  );
  return toResult(outcome);
}

/** The seller cancels their open offer (vv_market_cancel): the views come back. */
export async function cancelOffer(
  money: Money,
  clock: Clock,
  seller: ProfileRow,
  offerId: string,
  idem: Idempotency,
): Promise<CommandOutcome<TOfferResult>> {
  const outcome = await CANCEL_COMMAND.run<OfferCommandRow>(money, {
    member: seller.id,
    ...idem,
    offer: offerId,
    now: clock.now(),
  });
  return toResult(outcome);
}

export async function listOpenOffers(db: DbOrTx, query: TOfferListQuery): Promise<TOfferPage> {
  const size = MARKETPLACE.pageSize;
  const rows = await openOffers(db, query.sort, (query.page - 1) * size);
  return {
    offers: rows.slice(0, size).map(toOfferDto),
    page: query.page,
    pageSize: size,
    hasMore: rows.length > size,
  };
}

export async function myMarket(db: DbOrTx, profileId: string): Promise<TMyMarket> {
  const [offers, purchases] = [
    await offersOfSeller(db, profileId, MARKETPLACE.mineShown),
    await offersOfBuyer(db, profileId, MARKETPLACE.mineShown),
  ];
  return { offers: offers.map(toOfferDto), purchases: purchases.map(toOfferDto) };
}
