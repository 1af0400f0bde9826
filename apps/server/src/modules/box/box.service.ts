import { createHash, createHmac, randomBytes } from "node:crypto";
import {
  BOX_ITEMS,
  type BoxItemId,
  type BoxRarity,
  type FairnessCrypto,
  MYSTERY_BOX,
  rollBox,
  type TBalances,
  type TBoxCollection,
  type TBoxCommitment,
  type TBoxOpening,
  type TBoxState,
  type TOpenBoxResult,
} from "@viewvault/shared";
import { type Db, prepared, runPrepared } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Idempotency } from "../idempotency/idempotency";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import { findPublicProfile } from "../profiles/profiles.service";
import {
  type CommitmentRow,
  collectionCounts,
  findCommitment,
  insertCommitment,
  type OpeningRow,
  recentOpenings,
  updateClientSeed,
} from "./box.repository";

/** What an opening rolls on: the member's committed seed, client seed and nonce. */
type Commitment = Pick<CommitmentRow, "serverSeed" | "serverSeedHash" | "clientSeed" | "nonce">;

const COMMITMENT_QUERY = prepared(
  `select server_seed as "serverSeed", server_seed_hash as "serverSeedHash",
     client_seed as "clientSeed", nonce from box_commitments where profile_id = $1::uuid`,
);

/**
 * The commitments this process committed last (the next seed is the one it generated), so a
 * member's next opening needs no read. Only a hint: vv_open_box compares it with the row in its
 * conditional update, and a stale one (another instance, a new client seed) is read again. Bounded.
 */
const recentCommitments = new Map<string, Commitment>();
const RECENT_MAX = 10_000;

function remember(profileId: string, commitment: Commitment): void {
  recentCommitments.delete(profileId);
  recentCommitments.set(profileId, commitment);
  if (recentCommitments.size > RECENT_MAX) {
    const oldest = recentCommitments.keys().next().value;
    if (oldest !== undefined) recentCommitments.delete(oldest);
  }
}

/** The roll's primitives on the server (the browser uses WebCrypto with the same algorithm). */
export const nodeFairness: FairnessCrypto = {
  hmacSha256: async (key, message) => createHmac("sha256", key).update(message).digest(),
  sha256: async (text) => createHash("sha256").update(text).digest(),
};

/** A fresh server seed: 32 random bytes as 64 hex characters. */
function newServerSeed(): string {
  return randomBytes(32).toString("hex");
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function toCommitment(row: CommitmentRow): TBoxCommitment {
  return { serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce };
}

function toOpening(row: OpeningRow): TBoxOpening {
  return {
    id: row.id,
    itemId: row.itemId as BoxItemId,
    rarity: row.rarity,
    serverSeed: row.serverSeed,
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    costViews: row.costViews.toString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's commitment for the next opening, created with a random client seed at first. */
async function commitmentOf(db: Db, profileId: string): Promise<CommitmentRow> {
  const existing = await findCommitment(db, profileId);
  if (existing) return existing;
  const serverSeed = newServerSeed();
  return insertCommitment(db, {
    profileId,
    serverSeed,
    serverSeedHash: sha256Hex(serverSeed),
    clientSeed: randomBytes(8).toString("hex"),
  });
}

export async function getBoxState(db: Db, profileId: string): Promise<TBoxState> {
  return {
    costViews: MYSTERY_BOX.costViews.toString(),
    commitment: toCommitment(await commitmentOf(db, profileId)),
  };
}

/** The member chooses the client seed of their next openings (the committed seed stays). */
export async function setClientSeed(
  db: Db,
  clock: Clock,
  profileId: string,
  clientSeed: string,
): Promise<TBoxState> {
  await commitmentOf(db, profileId);
  recentCommitments.delete(profileId);
  const row = await updateClientSeed(db, profileId, clientSeed, clock.now());
  if (!row) throw new AppError("NOT_FOUND");
  return { costViews: MYSTERY_BOX.costViews.toString(), commitment: toCommitment(row) };
}

const OPEN_BOX_COMMAND = command("vv_open_box", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_server_seed: "text",
  p_seed_hash: "text",
  p_client_seed: "text",
  p_nonce: "int",
  p_rarity: "text",
  p_item: "text",
  p_next_seed: "text",
  p_cost: "bigint",
  p_now: "timestamptz",
});

/**
 * How many times an opening is rolled again when another opening of the same member (or a new
 * client seed) took the commitment it rolled on first. Each attempt that loses did so because
 * another one won, so with c concurrent openings of one member at most c attempts are needed.
 */
const MAX_ATTEMPTS = 64;

interface OpenBoxRow {
  opening: Omit<TBoxOpening, "createdAt"> & { createdAt: string };
  next: TBoxCommitment;
  balances: TBalances;
}

function isSeedMoved(error: unknown): boolean {
  return (
    error instanceof AppError &&
    error.code === "CONFLICT" &&
    error.params?.context === "boxSeedMoved"
  );
}

/**
 * Opens a mystery box (ADR 015): reads the member's commitment, rolls the item with the shared
 * algorithm, and runs the box command (vv_open_box), which moves the commitment to the next
 * seed only if it is still the one rolled on (one conditional update, ADR 039), charges 100
 * views and records the opening with the revealed seed. When another opening got there first the command
 * wrote nothing, and the opening is rolled again on the new commitment.
 */
export async function openBox(
  money: Money,
  clock: Clock,
  profileId: string,
  idem: Idempotency,
): Promise<CommandOutcome<TOpenBoxResult>> {
  for (let attempt = 1; ; attempt++) {
    const commitment =
      recentCommitments.get(profileId) ??
      (await runPrepared<Commitment>(money.db, COMMITMENT_QUERY, [profileId]))[0] ??
      (await commitmentOf(money.db, profileId));
    const roll = await rollBox(nodeFairness, commitment);
    const nextSeed = newServerSeed();
    try {
      const outcome = await OPEN_BOX_COMMAND.run<OpenBoxRow>(
        money,
        {
          member: profileId,
          ...idem,
          serverSeed: commitment.serverSeed,
          seedHash: commitment.serverSeedHash,
          clientSeed: commitment.clientSeed,
          nonce: commitment.nonce,
          rarity: roll.rarity,
          item: roll.itemId,
          nextSeed,
          cost: MYSTERY_BOX.costViews,
          now: clock.now(),
        },
        {
          insufficient: {
            code: "INSUFFICIENT_BALANCE",
            params: { context: "box", cost: MYSTERY_BOX.costViews.toString() },
          },
        },
      );
      const { opening, next, balances } = outcome.result;
      if (outcome.replayed) recentCommitments.delete(profileId);
      else remember(profileId, { ...next, serverSeed: nextSeed });
      return {
        ...outcome,
        result: {
          opening: { ...opening, createdAt: new Date(opening.createdAt).toISOString() },
          next,
          balances,
        },
      };
    } catch (error) {
      recentCommitments.delete(profileId);
      if (isSeedMoved(error) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

export async function listOpenings(
  db: Db,
  profileId: string,
  limit: number,
): Promise<TBoxOpening[]> {
  return (await recentOpenings(db, profileId, limit)).map(toOpening);
}

/** A member's collection (public): how many of each item, in catalogue order. */
export async function getCollection(db: Db, username: string): Promise<TBoxCollection> {
  const profile = await findPublicProfile(db, username);
  if (!profile) throw new AppError("NOT_FOUND", { context: "profile" });
  const counts = new Map(
    (await collectionCounts(db, profile.id)).map((row) => [row.itemId, row.count]),
  );
  return {
    username: profile.username,
    items: BOX_ITEMS.filter((item) => counts.has(item.id)).map((item) => ({
      itemId: item.id,
      rarity: item.rarity as BoxRarity,
      count: counts.get(item.id) ?? 0,
    })),
  };
}
