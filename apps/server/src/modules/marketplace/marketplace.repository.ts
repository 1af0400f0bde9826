import { MARKETPLACE } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import {
  type DbOrTx,
  type PreparedStatement,
  prepared,
  queryRows,
  runPrepared,
} from "../../db/client";
import { callSql, functionCall } from "../../db/function-call";

/** An offer with its seller and buyer, as the queries below return it. */
export interface OfferRow {
  id: string;
  views_quantity: string;
  price_usdt_per_view: string;
  total_price_usdt: string;
  status: "OPEN" | "SOLD" | "CANCELLED";
  created_at: Date | string;
  closed_at: Date | string | null;
  seller_id: string;
  seller_username: string;
  seller_verified: boolean;
  buyer_id: string | null;
  buyer_username: string | null;
  buyer_verified: boolean | null;
}

const OFFER_COLUMNS_TEXT = `o.id, o.views_quantity::text, o.price_usdt_per_view::text,
  o.total_price_usdt::text, o.status, o.created_at, o.closed_at,
  s.id as seller_id, s.username as seller_username, s.is_verified as seller_verified,
  b.id as buyer_id, b.username as buyer_username, b.is_verified as buyer_verified`;
const OFFER_COLUMNS = sql.raw(OFFER_COLUMNS_TEXT);

type OfferSort = "price_asc" | "price_desc" | "newest";
const ORDERS: Record<OfferSort, string> = {
  price_asc: "o.price_usdt_per_view asc, o.created_at asc, o.id asc",
  price_desc: "o.price_usdt_per_view desc, o.created_at desc, o.id desc",
  newest: "o.created_at desc, o.id desc",
};

const OPEN_OFFERS_FROM = `from market_offers o
        join profiles s on s.id = o.seller_id
        left join profiles b on b.id = o.buyer_id
        where o.status = 'OPEN'`;

/**
 * A page of OPEN offers in one indexed read (partial indexes on OPEN offers by price and by
 * date); `limit` is one more than the page so the caller knows whether another page follows.
 */
export function openOffersSql(sort: OfferSort, offset: number, limit: number) {
  return sql`select ${OFFER_COLUMNS} ${sql.raw(OPEN_OFFERS_FROM)}
        order by ${sql.raw(ORDERS[sort])} limit ${limit} offset ${offset}`;
}

/** Rows a page reads: one more than it shows, so the caller knows whether another follows. */
const OFFER_PAGE_ROWS = MARKETPLACE.pageSize + 1;

/**
 * The first page of each order — what nearly every visit reads — as a prepared statement with
 * its limit written in, named once at module load: planned once per connection instead of at
 * every call (its plan depends on no value; ADR 040). Deeper pages are built per call.
 */
const FIRST_PAGES = Object.fromEntries(
  (Object.keys(ORDERS) as OfferSort[]).map((sort) => [
    sort,
    prepared(
      `select ${OFFER_COLUMNS_TEXT} ${OPEN_OFFERS_FROM} order by ${ORDERS[sort]} limit ${OFFER_PAGE_ROWS}`,
    ),
  ]),
) as Record<OfferSort, PreparedStatement>;

/** A page of OPEN offers (`OFFER_PAGE_ROWS` of them) after `offset`. */
export function openOffers(db: DbOrTx, sort: OfferSort, offset: number) {
  if (offset === 0) return runPrepared<OfferRow>(db, FIRST_PAGES[sort], []);
  return queryRows<OfferRow>(db, openOffersSql(sort, offset, OFFER_PAGE_ROWS));
}

/** A member's own offers (any status), newest first. */
export function offersOfSeller(db: DbOrTx, profileId: string, limit: number) {
  return queryRows<OfferRow>(
    db,
    sql`select ${OFFER_COLUMNS} from market_offers o
        join profiles s on s.id = o.seller_id
        left join profiles b on b.id = o.buyer_id
        where o.seller_id = ${profileId}
        order by o.created_at desc, o.id desc limit ${limit}`,
  );
}

/** The offers a member bought, newest first. */
export function offersOfBuyer(db: DbOrTx, profileId: string, limit: number) {
  return queryRows<OfferRow>(
    db,
    sql`select ${OFFER_COLUMNS} from market_offers o
        join profiles s on s.id = o.seller_id
        left join profiles b on b.id = o.buyer_id
        where o.buyer_id = ${profileId}
        order by o.closed_at desc, o.id desc limit ${limit}`,
  );
}

const CANCEL_ALL = functionCall(
  "vv_market_cancel_all",
  { p_member: "uuid", p_now: "timestamptz" },
  "integer",
);

/** Closes a member's OPEN offers and returns their views (suspension); how many it closed. */
export async function cancelAllOffersOf(db: DbOrTx, profileId: string, now: Date) {
  const rows = await queryRows<{ outcome: number }>(
    db,
    callSql(CANCEL_ALL, { member: profileId, now }),
  );
  return Number(rows[0]?.outcome ?? 0);
}
