import { z } from "zod";
import { NETWORKS } from "../constants";
import { ZMinorUnits } from "./money";

const ZPair = z.object({
  views: ZMinorUnits.describe("whole views"),
  usdt: ZMinorUnits.describe("micro-USDT"),
});

/** The platform's totals, computed from the ledger's accounts. */
export const ZTransparency = z
  .object({
    totals: z.object({
      issued: ZPair.describe("net issuance: what the rewards account has put into circulation"),
      inCirculation: ZPair.describe("held by members in their own accounts"),
      inEscrow: ZPair.describe(
        "views listed on the marketplace; USDT held for pending withdrawals",
      ),
      paidOut: z
        .array(z.object({ network: z.enum(NETWORKS), usdt: ZMinorUnits }))
        .describe("USDT paid out to wallets, per network"),
    }),
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
