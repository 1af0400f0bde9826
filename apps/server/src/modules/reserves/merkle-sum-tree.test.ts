import { randomUUID } from "node:crypto";
import { type InclusionProof, MAX_SUM, nodeHashBytes, verifyInclusion } from "@viewvault/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildSumTree,
  type MemberLiability,
  paddedSize,
  placeLeaves,
  proofPath,
} from "./merkle-sum-tree";

const SNAPSHOT = "0b9f0c1e-6a55-4c1e-9d0b-6a8f2d2c5e11";

const members = fc.array(
  fc.record({ memberId: fc.uuid(), balance: fc.bigInt({ min: 0n, max: 10n ** 15n }) }),
  { minLength: 1, maxLength: 40 },
);

function proofsOf(list: MemberLiability[]) {
  const leaves = placeLeaves(list);
  const tree = buildSumTree(SNAPSHOT, leaves);
  const proofs = leaves.map(
    (leaf, index): InclusionProof => ({
      snapshotId: SNAPSHOT,
      root: tree.root,
      total: tree.total.toString(),
      leafCount: tree.leafCount,
      leaf: { memberId: leaf.memberId, nonce: leaf.nonce, balance: leaf.balance.toString(), index },
      path: proofPath(tree, index),
    }),
  );
  return { leaves, tree, proofs };
}

const flipHex = (hex: string, at: number) =>
  hex.slice(0, at) +
  ((Number.parseInt(hex[at] as string, 16) + 1) % 16).toString(16) +
  hex.slice(at + 1);

describe("Merkle sum tree", () => {
  it("every member's proof verifies, and the root's sum is the total of the balances", () => {
    fc.assert(
      fc.property(members, (list) => {
        const { tree, proofs } = proofsOf(list);
        expect(tree.total).toBe(list.reduce((s, m) => s + m.balance, 0n));
        expect(tree.leafCount).toBe(paddedSize(list.length));
        for (const proof of proofs) expect(verifyInclusion(proof).ok).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("changing a balance, a nonce, the member, a sibling's hash or a sibling's sum breaks the proof", () => {
    fc.assert(
      fc.property(
        members,
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 1000n }),
        (list, pick, at, delta) => {
          const { proofs } = proofsOf(list);
          const proof = proofs[pick % proofs.length] as InclusionProof;
          const broken: InclusionProof[] = [
            {
              ...proof,
              leaf: { ...proof.leaf, balance: (BigInt(proof.leaf.balance) + delta).toString() },
            },
            { ...proof, leaf: { ...proof.leaf, nonce: flipHex(proof.leaf.nonce, at % 64) } },
            { ...proof, leaf: { ...proof.leaf, memberId: randomUUID() } },
            { ...proof, snapshotId: randomUUID() },
            { ...proof, total: (BigInt(proof.total) + delta).toString() },
          ];
          if (proof.path.length > 0) {
            const level = at % proof.path.length;
            const step = proof.path[level] as { hash: string; sum: string };
            const withStep = (s: { hash: string; sum: string }) =>
              proof.path.map((p, i) => (i === level ? s : p));
            broken.push({
              ...proof,
              path: withStep({ ...step, hash: flipHex(step.hash, at % 64) }),
            });
            broken.push({
              ...proof,
              path: withStep({ ...step, sum: (BigInt(step.sum) + delta).toString() }),
            });
            // A parent claiming a smaller total: move value from the sibling's sum to nowhere.
            if (BigInt(step.sum) > 0n)
              broken.push({
                ...proof,
                path: withStep({ ...step, sum: (BigInt(step.sum) - 1n).toString() }),
              });
          }
          for (const b of broken) expect(verifyInclusion(b).ok).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses negative balances and sums that overflow 2^63 − 1", () => {
    expect(() => placeLeaves([{ memberId: randomUUID(), balance: -1n }])).toThrow(/negative/);
    const big = [
      { memberId: randomUUID(), balance: MAX_SUM },
      { memberId: randomUUID(), balance: 1n },
    ];
    expect(() => buildSumTree(SNAPSHOT, placeLeaves(big))).toThrow(/overflow/);
    const h = new Uint8Array(32);
    expect(() => nodeHashBytes(h, -1n, h, 5n)).toThrow(/negative/);
    expect(() => nodeHashBytes(h, MAX_SUM, h, 1n)).toThrow(/overflow/);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: -1n }), (negative) => {
        const { proofs } = proofsOf([
          { memberId: randomUUID(), balance: 5n },
          { memberId: randomUUID(), balance: 7n },
        ]);
        const proof = proofs[0] as InclusionProof;
        const path = [
          { ...(proof.path[0] as { hash: string; sum: string }), sum: negative.toString() },
        ];
        expect(verifyInclusion({ ...proof, path }).ok).toBe(false);
      }),
      { numRuns: 30 },
    );
  });

  it("shuffles and pads: a fresh nonce per member per snapshot, zero leaves to a power of two", () => {
    const list = Array.from({ length: 5 }, (_, i) => ({
      memberId: randomUUID(),
      balance: BigInt(i),
    }));
    const a = placeLeaves(list);
    const b = placeLeaves(list);
    expect(new Set([...a, ...b].map((l) => l.nonce)).size).toBe(10);
    const tree = buildSumTree(SNAPSHOT, a);
    expect(tree.leafCount).toBe(8);
    expect(tree.levels[0]?.sums.slice(5)).toEqual(new BigUint64Array(3));
    // With no members the tree is one zero leaf.
    const empty = buildSumTree(SNAPSHOT, []);
    expect(empty.leafCount).toBe(1);
    expect(empty.total).toBe(0n);
  });
});
