import { hash, randomBytes, randomInt } from "node:crypto";
import {
  checkSum,
  LEAF_PREFIX,
  leafPreimage,
  NODE_PREFIX,
  PADDING_MEMBER,
  type ProofStep,
  writeNodePreimage,
  ZERO_NONCE,
} from "@viewvault/shared";

/**
 * Node's own one-shot SHA-256 over the shared preimages (the browser hashes the same bytes with
 * noble; the property tests verify every proof built here with the shared verifier).
 */
const sha256 = (bytes: Uint8Array): Buffer => hash("sha256", bytes, "buffer");

/**
 * The leaves' preimages (`leafPreimage` in packages/shared, the definition) written into one
 * reused buffer: prefix and snapshot id once, then member id, nonce and balance per leaf.
 */
function leafHasher(snapshotId: string): (leaf: PlacedLeaf) => Buffer {
  const template = Buffer.from(
    leafPreimage({ snapshotId, memberId: PADDING_MEMBER, nonce: ZERO_NONCE, balance: 0n }),
  );
  const at = LEAF_PREFIX.length + 16;
  return (leaf) => {
    const member = leaf.memberId.replaceAll("-", "");
    if (member.length !== 32 || template.write(member, at, "hex") !== 16)
      throw new TypeError(`not a uuid: ${leaf.memberId}`);
    if (leaf.nonce.length !== 64 || template.write(leaf.nonce, at + 16, "hex") !== 32)
      throw new TypeError(`not a nonce: ${leaf.nonce}`);
    template.writeBigUInt64BE(checkSum(leaf.balance), at + 48);
    return sha256(template);
  };
}

/**
 * The Merkle sum tree of a reserves snapshot (ADR 068): leaves shuffled, each with a fresh
 * 32-byte nonce, padded with zero leaves to a power of two; every node binds both children's
 * hashes and sums (the hashes are in packages/shared, so the page verifies with the same code).
 * Each level is kept flat (hashes in one byte array, sums in one BigUint64Array) and the node
 * preimage buffer is reused: a million leaves build in seconds.
 */

export interface MemberLiability {
  memberId: string;
  /** micro-USDT. */
  balance: bigint;
}

export interface PlacedLeaf extends MemberLiability {
  /** 32 bytes, lowercase hex; never reused across snapshots. */
  nonce: string;
}

interface Level {
  hashes: Uint8Array;
  sums: BigUint64Array;
}

export interface SumTree {
  root: string;
  total: bigint;
  /** Leaves after padding (a power of two). */
  leafCount: number;
  levels: Level[];
}

/** Shuffles the members (uniformly, with the system's CSPRNG) and gives each a fresh nonce. */
export function placeLeaves(members: readonly MemberLiability[]): PlacedLeaf[] {
  const placed: PlacedLeaf[] = members.map((m) => ({
    memberId: m.memberId,
    balance: checkSum(m.balance),
    nonce: "",
  }));
  for (let i = placed.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const t = placed[i] as PlacedLeaf;
    placed[i] = placed[j] as PlacedLeaf;
    placed[j] = t;
  }
  const nonces = randomBytes(32 * placed.length).toString("hex");
  placed.forEach((leaf, i) => {
    leaf.nonce = nonces.slice(i * 64, i * 64 + 64);
  });
  return placed;
}

/** The smallest power of two ≥ n (and ≥ 1). */
export function paddedSize(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/** Builds the tree over the leaves in their order (index = position); pads with zero leaves. */
export function buildSumTree(snapshotId: string, leaves: readonly PlacedLeaf[]): SumTree {
  const size = paddedSize(leaves.length);
  let level: Level = { hashes: new Uint8Array(size * 32), sums: new BigUint64Array(size) };
  const padding = sha256(
    leafPreimage({ snapshotId, memberId: PADDING_MEMBER, nonce: ZERO_NONCE, balance: 0n }),
  );
  const leafHash = leafHasher(snapshotId);
  for (let i = 0; i < size; i++) {
    const leaf = leaves[i];
    level.hashes.set(leaf ? leafHash(leaf) : padding, i * 32);
    level.sums[i] = leaf ? checkSum(leaf.balance) : 0n;
  }
  const levels = [level];
  const preimage = new Uint8Array(NODE_PREFIX.length + 80);
  while (level.sums.length > 1) {
    const n = level.sums.length / 2;
    const next: Level = { hashes: new Uint8Array(n * 32), sums: new BigUint64Array(n) };
    for (let i = 0; i < n; i++) {
      const l = 2 * i;
      const leftSum = level.sums[l] as bigint;
      const rightSum = level.sums[l + 1] as bigint;
      const hash = sha256(
        writeNodePreimage(preimage, {
          left: level.hashes.subarray(l * 32, l * 32 + 32),
          leftSum,
          right: level.hashes.subarray(l * 32 + 32, l * 32 + 64),
          rightSum,
        }),
      );
      next.hashes.set(hash, i * 32);
      next.sums[i] = checkSum(leftSum + rightSum);
    }
    levels.push(next);
    level = next;
  }
  return {
    root: Buffer.from(level.hashes).toString("hex"),
    total: level.sums[0] as bigint,
    leafCount: size,
    levels,
  };
}

/** The siblings' hashes and sums from leaf `index` up to (not including) the root. */
export function proofPath(tree: SumTree, index: number): ProofStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= tree.leafCount)
    throw new RangeError(`leaf ${index} is not in the tree`);
  const path: ProofStep[] = [];
  let i = index;
  for (const level of tree.levels.slice(0, -1)) {
    const s = i ^ 1;
    path.push({
      hash: Buffer.from(level.hashes.subarray(s * 32, s * 32 + 32)).toString("hex"),
      sum: (level.sums[s] as bigint).toString(),
    });
    i >>= 1;
  }
  return path;
}
