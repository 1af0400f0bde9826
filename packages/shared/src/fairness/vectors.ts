import type { BoxItemId, BoxRarity } from "./box";

/**
 * Published test vectors of the box roll (shown on /fairness, checked by a unit test). The HMAC
 * and hash columns can be reproduced with any tool, e.g.
 * `printf 'viewvault:0' | openssl dgst -sha256 -hmac <serverSeed>` and
 * `printf <serverSeed> | sha256sum`.
 */
export const FAIRNESS_VECTORS: ReadonlyArray<{
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  hmac: string;
  draws: [number, number];
  rarity: BoxRarity;
  itemId: BoxItemId;
}> = [
  {
    serverSeed: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    serverSeedHash: "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c",
    clientSeed: "viewvault",
    nonce: 0,
    hmac: "8af922a2acde0821d04f774f9fea7a26b8cb6437cc557b057dd1cd3e19e15a04",
    draws: [38, 2],
    rarity: "common",
    itemId: "pixel-heart",
  },
  {
    serverSeed: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    serverSeedHash: "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c",
    clientSeed: "viewvault",
    nonce: 7,
    hmac: "f8175b05e3beb47b6ca507e6f821db4519a3e588974c8e43af26501642620e0a",
    draws: [97, 1],
    rarity: "legendary",
    itemId: "diamond-vault-key",
  },
  {
    serverSeed: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    serverSeedHash: "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c",
    clientSeed: "viewvault",
    nonce: 8,
    hmac: "6153abacdefbc6eef3aec35ac5ee564a2b6f6aa50eb2e8ef2e669cd411cbd7a9",
    draws: [88, 2],
    rarity: "rare",
    itemId: "crystal-camera",
  },
  {
    serverSeed: "0000000000000000000000000000000000000000000000000000000000000000",
    serverSeedHash: "60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55",
    clientSeed: "client",
    nonce: 0,
    hmac: "6ca3954a2dd18ac8e683477b941d288b54797e33b21c15cdc54c52007c4076e5",
    draws: [14, 4],
    rarity: "common",
    itemId: "like-sticker",
  },
];
