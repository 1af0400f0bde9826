import { z } from "zod";
import { NETWORKS } from "../constants";
import { ZMinorUnits } from "./money";

const ZHash = z.string().regex(/^[0-9a-f]{64}$/);

/** One reserve address read on chain at a recorded block (ADR 068). */
export const ZReserveAsset = z
  .object({
    network: z.enum(NETWORKS),
    address: z.string(),
    kind: z.enum(["hot", "cold"]).describe("the payout hot wallet, or an address staff list"),
    token: z.string().describe("the USDT contract read"),
    blockNumber: z.string().regex(/^\d+$/).describe("the block the balance was read at"),
    decimals: z.int().describe("the token's decimals (6 on Ethereum and Tron, 18 on BSC)"),
    raw: ZMinorUnits.describe("the balance in the token's own units, exactly as on chain"),
    microUsdt: ZMinorUnits.describe("the balance in micro-USDT, rounded down"),
    message: z
      .string()
      .describe("the message the address signed: names the snapshot's root and date"),
    signature: z
      .string()
      .nullable()
      .describe("EIP-191 personal_sign signature, or null when unsigned"),
    counted: z
      .boolean()
      .describe("counted in the reserves: only addresses whose signature verified"),
    explorerUrl: z.string(),
  })
  .meta({ id: "ReserveAsset" });
export type TReserveAsset = z.infer<typeof ZReserveAsset>;

/** A snapshot's public figures (no member's balance). */
export const ZReservesSnapshot = z
  .object({
    id: z.uuid(),
    takenAt: z.iso.datetime(),
    root: ZHash.describe("the Merkle sum tree's root hash"),
    totalMicroUsdt: ZMinorUnits.describe("the root's sum: every member's liability, micro-USDT"),
    memberCount: z.int(),
    leafCount: z.int().describe("leaves after padding to a power of two"),
    microUsdtPerView: ZMinorUnits.describe("the rate views were counted at"),
    assetsMicroUsdt: ZMinorUnits.describe("the counted reserves, micro-USDT"),
    coverageBasisPoints: z
      .int()
      .nullable()
      .describe(
        "assets ÷ liabilities in hundredths of a percent, rounded down; null with no liabilities",
      ),
    assets: z.array(ZReserveAsset),
  })
  .meta({ id: "ReservesSnapshot" });
export type TReservesSnapshot = z.infer<typeof ZReservesSnapshot>;

export const ZReservesHistoryItem = ZReservesSnapshot.omit({ assets: true }).meta({
  id: "ReservesHistoryItem",
});

export const ZReservesPage = z
  .object({
    latest: ZReservesSnapshot.nullable(),
    history: z.array(ZReservesHistoryItem).describe("newest first"),
  })
  .meta({ id: "ReservesPage" });
export type TReservesPage = z.infer<typeof ZReservesPage>;

/** The downloadable public file: the snapshot, with its format named. */
export const ZReservesFile = ZReservesSnapshot.extend({
  format: z.literal("viewvault-reserves/v1"),
}).meta({ id: "ReservesFile" });
export type TReservesFile = z.infer<typeof ZReservesFile>;

/** A signed-in member's inclusion proof in one snapshot. */
export const ZInclusionProof = z
  .object({
    format: z.literal("viewvault-inclusion/v1"),
    snapshotId: z.uuid(),
    takenAt: z.iso.datetime(),
    root: ZHash,
    total: ZMinorUnits,
    leafCount: z.int(),
    leaf: z.object({
      memberId: z.uuid(),
      nonce: ZHash,
      balance: ZMinorUnits.describe("micro-USDT"),
      index: z.int(),
    }),
    path: z
      .array(z.object({ hash: ZHash, sum: ZMinorUnits }))
      .describe("the siblings' hashes and sums, from the leaf up"),
  })
  .meta({ id: "InclusionProof" });
export type TInclusionProof = z.infer<typeof ZInclusionProof>;

export const ZReservesSnapshotParams = z.object({ snapshotId: z.uuid() });
