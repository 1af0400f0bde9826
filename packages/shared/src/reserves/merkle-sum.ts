import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The hashes of the proof-of-reserves Merkle sum tree (ADR 068), shared by the server that
 * builds the tree, the page that verifies a member's inclusion in the browser and (copied, with
 * no dependency) `scripts/verify-reserves.mjs`.
 *
 * leaf = SHA-256( len ‖ "viewvault/reserves/leaf/v1" ‖ snapshotId(16) ‖ memberId(16) ‖ nonce(32) ‖ balance(u64 BE) )
 * node = SHA-256( len ‖ "viewvault/reserves/node/v1" ‖ leftHash(32) ‖ leftSum(u64 BE) ‖ rightHash(32) ‖ rightSum(u64 BE) )
 *
 * `len` is the tag's length in one byte. Every sum is an integer of micro-USDT in
 * [0, MAX_SUM] (a PostgreSQL bigint); a parent's sum is exactly the sum of its children's, and
 * both children's sums are inside the parent's hash, so no parent can claim a smaller total.
 */
export const LEAF_TAG = "viewvault/reserves/leaf/v1";
export const NODE_TAG = "viewvault/reserves/node/v1";
/** The largest sum a node may carry: 2^63 − 1 (it is stored as a PostgreSQL bigint). */
export const MAX_SUM = (1n << 63n) - 1n;
/** The member id of a padding leaf (balance 0, nonce all zero). */
export const PADDING_MEMBER = "00000000-0000-0000-0000-000000000000";
export const ZERO_NONCE = "0".repeat(64);

/** The tag bytes that start a leaf's and a node's preimage (length byte, then the tag). */
export const LEAF_PREFIX = tagged(LEAF_TAG);
export const NODE_PREFIX = tagged(NODE_TAG);

function tagged(tag: string): Uint8Array {
  const bytes = utf8ToBytes(tag);
  const out = new Uint8Array(bytes.length + 1);
  out[0] = bytes.length;
  out.set(bytes, 1);
  return out;
}

/** Throws unless `value` is a sum a node may carry. */
export function checkSum(value: bigint): bigint {
  if (value < 0n) throw new RangeError(`negative sum: ${value}`);
  if (value > MAX_SUM) throw new RangeError(`sum overflows 2^63 - 1: ${value}`);
  return value;
}

function putU64(out: Uint8Array, offset: number, value: bigint): void {
  checkSum(value);
  new DataView(out.buffer, out.byteOffset, out.byteLength).setBigUint64(offset, value, false);
}

const UUID_HEX = /^[0-9a-fA-F]{32}$/;
const HEX_32 = /^[0-9a-f]{64}$/;

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replaceAll("-", "");
  if (!UUID_HEX.test(hex)) throw new TypeError(`not a uuid: ${uuid}`);
  return hexToBytes(hex.toLowerCase());
}

/** 32 bytes from 64 lowercase hex digits (a nonce, a hash). */
function hex32(hex: string, what: string): Uint8Array {
  if (!HEX_32.test(hex)) throw new TypeError(`not a ${what}: ${hex}`);
  return hexToBytes(hex);
}

export interface LeafInput {
  snapshotId: string;
  memberId: string;
  /** 32 bytes, lowercase hex. */
  nonce: string;
  /** micro-USDT. */
  balance: bigint;
}

/** The bytes a leaf's hash is taken over. */
export function leafPreimage(leaf: LeafInput): Uint8Array {
  const p = LEAF_PREFIX.length;
  const out = new Uint8Array(p + 16 + 16 + 32 + 8);
  out.set(LEAF_PREFIX, 0);
  out.set(uuidBytes(leaf.snapshotId), p);
  out.set(uuidBytes(leaf.memberId), p + 16);
  out.set(hex32(leaf.nonce, "nonce"), p + 32);
  putU64(out, p + 64, leaf.balance);
  return out;
}

/** A leaf's hash as bytes. */
export const leafHashBytes = (leaf: LeafInput): Uint8Array => sha256(leafPreimage(leaf));

/**
 * Writes a node's preimage into `out` (NODE_PREFIX.length + 80 bytes, reusable); refuses a
 * negative or overflowing sum.
 */
export function writeNodePreimage(
  out: Uint8Array,
  children: { left: Uint8Array; leftSum: bigint; right: Uint8Array; rightSum: bigint },
): Uint8Array {
  checkSum(children.leftSum + children.rightSum);
  const p = NODE_PREFIX.length;
  out.set(NODE_PREFIX, 0);
  out.set(children.left, p);
  putU64(out, p + 32, children.leftSum);
  out.set(children.right, p + 40);
  putU64(out, p + 72, children.rightSum);
  return out;
}

/** A node's hash from its children's hashes and sums; refuses a negative or overflowing sum. */
export function nodeHashBytes(
  left: Uint8Array,
  leftSum: bigint,
  right: Uint8Array,
  rightSum: bigint,
): Uint8Array {
  const out = new Uint8Array(NODE_PREFIX.length + 80);
  return sha256(writeNodePreimage(out, { left, leftSum, right, rightSum }));
}

export const leafHash = (leaf: LeafInput): string => bytesToHex(leafHashBytes(leaf));

/** One step of an inclusion proof: the sibling's hash and sum, from the leaf up. */
export interface ProofStep {
  hash: string;
  sum: string;
}

export interface InclusionProof {
  snapshotId: string;
  /** The root's hash and sum (the total liabilities, micro-USDT), as published. */
  root: string;
  total: string;
  /** Leaves in the tree after padding (a power of two). */
  leafCount: number;
  leaf: { memberId: string; nonce: string; balance: string; index: number };
  path: ProofStep[];
}

export interface VerifyStep {
  level: number;
  /** Where the sibling sits: the running node is on the other side. */
  side: "left" | "right";
  sibling: ProofStep;
  hash: string;
  sum: string;
}

export type VerifyResult =
  | { ok: true; leafHash: string; steps: VerifyStep[] }
  | { ok: false; reason: string; leafHash?: string; steps: VerifyStep[] };

/**
 * Recomputes a member's path to the root: the leaf's hash, then each parent from the running
 * node and the sibling (the index's bit at that level says which side is which), with every sum
 * checked; succeeds only when the last hash and sum are the published root and total.
 */
export function verifyInclusion(proof: InclusionProof): VerifyResult {
  const steps: VerifyStep[] = [];
  try {
    const { leaf } = proof;
    const depth = Math.log2(proof.leafCount);
    if (!Number.isInteger(depth) || proof.path.length !== depth)
      return { ok: false, reason: "path length does not match the leaf count", steps };
    if (!Number.isInteger(leaf.index) || leaf.index < 0 || leaf.index >= proof.leafCount)
      return { ok: false, reason: "leaf index outside the tree", steps };
    let hash = leafHashBytes({
      snapshotId: proof.snapshotId,
      memberId: leaf.memberId,
      nonce: leaf.nonce,
      balance: BigInt(leaf.balance),
    });
    const first = bytesToHex(hash);
    let sum = checkSum(BigInt(leaf.balance));
    let index = leaf.index;
    proof.path.forEach((sibling, level) => {
      const siblingHash = hex32(sibling.hash, "hash");
      const siblingSum = checkSum(BigInt(sibling.sum));
      const right = index % 2 === 1; // the running node is a right child: its sibling is left
      hash = right
        ? nodeHashBytes(siblingHash, siblingSum, hash, sum)
        : nodeHashBytes(hash, sum, siblingHash, siblingSum);
      sum += siblingSum;
      index = Math.floor(index / 2);
      steps.push({
        level: level + 1,
        side: right ? "left" : "right",
        sibling,
        hash: bytesToHex(hash),
        sum: sum.toString(),
      });
    });
    if (bytesToHex(hash) !== proof.root)
      return {
        ok: false,
        reason: "the path does not end at the published root",
        leafHash: first,
        steps,
      };
    if (sum.toString() !== proof.total)
      return {
        ok: false,
        reason: "the root's sum is not the published total",
        leafHash: first,
        steps,
      };
    return { ok: true, leafHash: first, steps };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error), steps };
  }
}
