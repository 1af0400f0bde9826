import { z } from "zod";
import { validationKey } from "../errors";
import { BOX_ITEMS, BOX_RARITIES, CLIENT_SEED_PATTERN } from "../fairness/box";
import { ZBalances, ZMinorUnits } from "./money";

const ITEM_IDS = BOX_ITEMS.map((item) => item.id) as [string, ...string[]];

/** What the next opening will use: the committed hash of its server seed, the client seed, the nonce. */
export const ZBoxCommitment = z
  .object({
    serverSeedHash: z.string().describe("SHA-256 (hex) of the server seed the next opening uses"),
    clientSeed: z.string(),
    nonce: z.number().int().min(0),
  })
  .meta({ id: "BoxCommitment" });
export type TBoxCommitment = z.infer<typeof ZBoxCommitment>;

export const ZBoxState = z
  .object({ costViews: ZMinorUnits, commitment: ZBoxCommitment })
  .meta({ id: "BoxState" });
export type TBoxState = z.infer<typeof ZBoxState>;

/** One opening with its revealed inputs: anyone can recompute it on /fairness. */
export const ZBoxOpening = z
  .object({
    id: z.uuid(),
    itemId: z.enum(ITEM_IDS),
    rarity: z.enum(BOX_RARITIES),
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int().min(0),
    costViews: ZMinorUnits,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "BoxOpening" });
export type TBoxOpening = z.infer<typeof ZBoxOpening>;

export const ZOpenBoxResult = z
  .object({ opening: ZBoxOpening, next: ZBoxCommitment, balances: ZBalances })
  .meta({ id: "OpenBoxResult" });
export type TOpenBoxResult = z.infer<typeof ZOpenBoxResult>;

export const ZBoxOpenings = z
  .object({ openings: z.array(ZBoxOpening) })
  .meta({ id: "BoxOpenings" });
export type TBoxOpenings = z.infer<typeof ZBoxOpenings>;

export const ZBoxOpeningsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const ZSetClientSeedRequest = z
  .object({
    clientSeed: z
      .string()
      .trim()
      .regex(CLIENT_SEED_PATTERN, validationKey("clientSeed"))
      .describe("1 to 64 letters, digits, '-' or '_'"),
  })
  .meta({ id: "SetClientSeedRequest" });
export type TSetClientSeedRequest = z.infer<typeof ZSetClientSeedRequest>;

/** A member's collection: how many of each item they own. */
export const ZBoxCollection = z
  .object({
    username: z.string(),
    items: z.array(
      z.object({ itemId: z.enum(ITEM_IDS), rarity: z.enum(BOX_RARITIES), count: z.number().int() }),
    ),
  })
  .meta({ id: "BoxCollection" });
export type TBoxCollection = z.infer<typeof ZBoxCollection>;

/** The /fairness form: the three inputs of an opening, and optionally the committed hash. */
export const ZFairnessForm = z.object({
  serverSeed: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, validationKey("serverSeed")),
  serverSeedHash: z
    .string()
    .trim()
    .regex(/^([0-9a-fA-F]{64})?$/, validationKey("serverSeedHash")),
  clientSeed: z.string().trim().regex(CLIENT_SEED_PATTERN, validationKey("clientSeed")),
  nonce: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, validationKey("nonce")),
});
export type TFairnessForm = z.infer<typeof ZFairnessForm>;

export const ZVerifyAccountResult = z
  .object({ isVerified: z.literal(true), costViews: ZMinorUnits, balances: ZBalances })
  .meta({ id: "VerifyAccountResult" });
export type TVerifyAccountResult = z.infer<typeof ZVerifyAccountResult>;
