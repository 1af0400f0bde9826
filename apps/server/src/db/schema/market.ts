import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Views marketplace offers (ADR 024). Listing moves the views from the seller's account to the
 * platform's `marketplace_escrow` account; the offer row is the per-offer record of what the
 * escrow holds (an OPEN offer holds `views_quantity`). A purchase buys the whole offer: the row
 * becomes SOLD with its buyer, the buyer's USDT goes to the seller and the escrowed views to the
 * buyer, in one ledger transaction. Cancelling returns the views. Races are settled by the
 * conditional update of `status` from OPEN.
 */
export const marketOffers = pgTable(
  "market_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign key on this hot-path column (ADR 039): the command that writes it has just read
    // the row it names; `ledger:verify` reports any that does not exist.
    sellerId: uuid("seller_id").notNull(),
    viewsQuantity: bigint("views_quantity", { mode: "bigint" }).notNull(),
    /** micro-USDT per view */
    priceUsdtPerView: bigint("price_usdt_per_view", { mode: "bigint" }).notNull(),
    /** micro-USDT: views_quantity × price_usdt_per_view */
    totalPriceUsdt: bigint("total_price_usdt", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["OPEN", "SOLD", "CANCELLED"] })
      .notNull()
      .default("OPEN"),
    buyerId: uuid("buyer_id"),
    listLedgerTransactionId: uuid("list_ledger_transaction_id").notNull(),
    /** The purchase or the return of the views. */
    closeLedgerTransactionId: uuid("close_ledger_transaction_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("market_offers_open_price_idx")
      .on(t.priceUsdtPerView, t.createdAt, t.id)
      .where(sql`${t.status} = 'OPEN'`),
    index("market_offers_open_newest_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'OPEN'`),
    index("market_offers_seller_idx").on(t.sellerId, t.createdAt),
    index("market_offers_buyer_idx").on(t.buyerId, t.closedAt),
    check(
      "market_offers_positive",
      sql`${t.viewsQuantity} > 0 and ${t.priceUsdtPerView} > 0 and ${t.totalPriceUsdt} = ${t.viewsQuantity} * ${t.priceUsdtPerView}`,
    ),
    check("market_offers_status_check", sql`${t.status} in ('OPEN', 'SOLD', 'CANCELLED')`),
    check(
      "market_offers_buyer_check",
      sql`(${t.status} = 'SOLD') = (${t.buyerId} is not null) and ${t.buyerId} is distinct from ${t.sellerId}`,
    ),
  ],
);
