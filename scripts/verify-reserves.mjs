#!/usr/bin/env node
// ViewVault proof of reserves: the offline verifier (ADR 068). No dependencies: Node's own
// SHA-256. MIT licence, like the rest of the repository; copy it anywhere.
//
//   node verify-reserves.mjs reserves-<id>.json [inclusion-<id>.json]
//
// Checks the public file (every counted reserve's figure from its raw on-chain balance, the
// total of the counted reserves, the coverage, each signed message naming this snapshot's id,
// root and date) and, given a member's inclusion proof, recomputes their leaf and every node up
// to the root — each node binds both children's hashes and sums — and compares the root and its
// sum with the published ones. It does not check the EIP-191 signatures (that needs secp256k1):
// check them with any wallet's "verify message" against the address, message and signature.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

const LEAF_TAG = "viewvault/reserves/leaf/v1";
const NODE_TAG = "viewvault/reserves/node/v1";
const MAX_SUM = (1n << 63n) - 1n;

const tagged = (tag) => Buffer.concat([Buffer.from([tag.length]), Buffer.from(tag, "utf8")]);
const u64 = (value) => {
  if (value < 0n) throw new Error(`negative sum: ${value}`);
  if (value > MAX_SUM) throw new Error(`sum overflows 2^63 - 1: ${value}`);
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(value);
  return out;
};
const hex = (value, bytes, what) => {
  if (typeof value !== "string" || !new RegExp(`^[0-9a-f]{${bytes * 2}}$`).test(value))
    throw new Error(`not a ${what}: ${value}`);
  return Buffer.from(value, "hex");
};
const uuid = (value) => hex(String(value).replaceAll("-", "").toLowerCase(), 16, "uuid");
const sha256 = (...parts) => createHash("sha256").update(Buffer.concat(parts)).digest();

function leafHash(snapshotId, leaf) {
  return sha256(
    tagged(LEAF_TAG),
    uuid(snapshotId),
    uuid(leaf.memberId),
    hex(leaf.nonce, 32, "nonce"),
    u64(BigInt(leaf.balance)),
  );
}

function nodeHash(left, leftSum, right, rightSum) {
  u64(leftSum + rightSum);
  return sha256(tagged(NODE_TAG), left, u64(leftSum), right, u64(rightSum));
}

let failures = 0;
function check(ok, text) {
  console.log(`${ok ? "ok  " : "FAIL"} ${text}`);
  if (!ok) failures++;
}

function verifyFile(file) {
  check(file.format === "viewvault-reserves/v1", `format ${file.format}`);
  let counted = 0n;
  for (const a of file.assets ?? []) {
    const raw = BigInt(a.raw);
    const micro =
      a.decimals >= 6 ? raw / 10n ** BigInt(a.decimals - 6) : raw * 10n ** BigInt(6 - a.decimals);
    check(
      micro.toString() === a.microUsdt,
      `${a.network} ${a.address}: ${a.raw} units at ${a.decimals} decimals = ${a.microUsdt} micro-USDT at block ${a.blockNumber}`,
    );
    const names = [
      `Snapshot: ${file.id}`,
      `Root: ${file.root}`,
      `Date: ${file.takenAt}`,
      `Address: ${a.address}`,
    ];
    check(
      names.every((n) => a.message.includes(n)),
      `${a.network} ${a.address}: the message names this snapshot, root, date and address`,
    );
    if (a.counted) counted += micro;
    else
      console.log(
        `     (not counted: ${a.signature ? "its signature did not verify" : "no signature"})`,
      );
  }
  check(
    counted.toString() === file.assetsMicroUsdt,
    `counted reserves ${file.assetsMicroUsdt} micro-USDT`,
  );
  const total = BigInt(file.totalMicroUsdt);
  const coverage = total === 0n ? null : Number((counted * 10_000n) / total);
  check(
    coverage === file.coverageBasisPoints,
    `coverage ${coverage === null ? "n/a" : `${(coverage / 100).toFixed(2)} %`} of ${file.totalMicroUsdt} micro-USDT owed`,
  );
}

function verifyProof(file, proof) {
  check(proof.format === "viewvault-inclusion/v1", `format ${proof.format}`);
  if (file) {
    check(proof.snapshotId === file.id, "the proof is of the downloaded snapshot");
    check(proof.root === file.root, `the proof's root is the published root ${file.root}`);
    check(proof.total === file.totalMicroUsdt, "the proof's total is the published total");
    check(proof.leafCount === file.leafCount, `the tree has ${file.leafCount} leaves`);
  }
  const depth = Math.log2(proof.leafCount);
  check(
    Number.isInteger(depth) && proof.path.length === depth,
    `path of ${proof.path.length} steps for ${proof.leafCount} leaves`,
  );
  let hash = leafHash(proof.snapshotId, proof.leaf);
  let sum = BigInt(proof.leaf.balance);
  let index = proof.leaf.index;
  console.log(
    `     leaf ${index}: ${hash.toString("hex")} (balance ${proof.leaf.balance} micro-USDT)`,
  );
  proof.path.forEach((step, level) => {
    const siblingSum = BigInt(step.sum);
    const sibling = hex(step.hash, 32, "hash");
    hash =
      index % 2 === 1
        ? nodeHash(sibling, siblingSum, hash, sum)
        : nodeHash(hash, sum, sibling, siblingSum);
    sum += siblingSum;
    index = Math.floor(index / 2);
    console.log(`     level ${level + 1}: ${hash.toString("hex")} (sum ${sum})`);
  });
  check(hash.toString("hex") === proof.root, "the path ends at the root");
  check(sum.toString() === proof.total, "the root's sum is the total of liabilities");
}

const [filePath, proofPath] = process.argv.slice(2);
if (!filePath) {
  console.error("usage: node verify-reserves.mjs reserves-<id>.json [inclusion-<id>.json]");
  process.exit(2);
}
try {
  const first = JSON.parse(readFileSync(filePath, "utf8"));
  const file = first.format === "viewvault-inclusion/v1" ? null : first;
  if (file) verifyFile(file);
  const proof = proofPath ? JSON.parse(readFileSync(proofPath, "utf8")) : file ? null : first;
  if (proof) verifyProof(file, proof);
} catch (error) {
  check(false, error.message);
}
console.log(failures === 0 ? "VERIFIED" : `${failures} check(s) FAILED`);
process.exit(failures === 0 ? 0 : 1);
