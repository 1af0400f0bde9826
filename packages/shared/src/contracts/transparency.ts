import { z } from "zod";
import { NETWORKS } from "../constants";
import { ZMinorUnits } from "./money";

/**
 * One currency's totals from the ledger's accounts (ADR 069), the same figures on the admin
 * overview, the transparency page and `ledger:verify`: issued = inCirculation + withdrawalEscrow
 * + marketplaceEscrow + paidOut + fees.
 */
export const ZLedgerTotals = z
  .object({
    issued: ZMinorUnits.describe("net issued: what the rewards account has put out"),
    inCirculation: ZMinorUnits.describe("members' own balances, earnings on hold included"),
    withdrawalEscrow: ZMinorUnits.describe("held for withdrawals not yet paid or returned"),
    marketplaceEscrow: ZMinorUnits.describe("views listed on the marketplace"),
    paidOut: ZMinorUnits.describe("sent to members' wallets"),
    fees: ZMinorUnits.describe("withdrawal fees kept by the platform"),
  })
  .meta({ id: "LedgerTotals" });
export type TLedgerTotals = z.infer<typeof ZLedgerTotals>;

/** Both currencies' totals (minor units: whole views, micro-USDT). */
export const ZLedgerTotalsByCurrency = z.object({ VIEWS: ZLedgerTotals, USDT: ZLedgerTotals });
export type TLedgerTotalsByCurrency = z.infer<typeof ZLedgerTotalsByCurrency>;

/** The platform's totals, computed from the ledger's accounts. */
export const ZTransparency = z
  .object({
    totals: ZLedgerTotalsByCurrency,
    paidOutByNetwork: z
      .array(z.object({ network: z.enum(NETWORKS), usdt: ZMinorUnits }))
      .describe("USDT paid out to wallets, per network (they sum to totals.USDT.paidOut)"),
    daily: z
      .array(
        z.object({
          day: z.iso.date(),
          issuedViews: ZMinorUnits,
          issuedUsdt: ZMinorUnits,
          paidOutUsdt: ZMinorUnits,
        }),
      )
      .describe("the last days, oldest first, UTC"),
    computedAt: z.iso.datetime(),
  })
  .meta({ id: "Transparency" });
export type TTransparency = z.infer<typeof ZTransparency>;
