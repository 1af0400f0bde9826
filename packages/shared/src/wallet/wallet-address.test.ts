import { describe, expect, it } from "vitest";
import {
  explorerUrl,
  isValidTxHash,
  toChecksumAddress,
  walletAddressProblem,
} from "./wallet-address";

// EIP-55's own test vectors.
const EIP55 = [
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];
// USDT's TRC20 contract and a well-known TRON address.
const TRON = ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"];

describe("ERC20/BEP20 addresses", () => {
  it("accepts EIP-55 checksummed, all-lower and all-upper addresses", () => {
    for (const address of EIP55) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(walletAddressProblem("ERC20", address)).toBeNull();
      expect(walletAddressProblem("BEP20", address.toLowerCase())).toBeNull();
      expect(walletAddressProblem("ERC20", `0x${address.slice(2).toUpperCase()}`)).toBeNull();
    }
  });

  it("refuses a mixed-case address with a wrong checksum", () => {
    const broken = EIP55[0]!.replace("aA", "Aa");
    expect(walletAddressProblem("ERC20", broken)).toBe("checksum");
    expect(walletAddressProblem("BEP20", broken)).toBe("checksum");
  });

  it("refuses the wrong shape and a TRON address", () => {
    expect(walletAddressProblem("ERC20", "0x1234")).toBe("format");
    expect(walletAddressProblem("ERC20", `0x${"g".repeat(40)}`)).toBe("format");
    expect(walletAddressProblem("ERC20", TRON[0]!)).toBe("format");
    expect(walletAddressProblem("ERC20", "  ")).toBe("required");
  });
});

describe("TRC20 addresses", () => {
  it("accepts base58check addresses with the 0x41 prefix", () => {
    for (const address of TRON) expect(walletAddressProblem("TRC20", address)).toBeNull();
  });

  it("refuses a changed character (checksum) and EVM addresses", () => {
    const broken = `${TRON[0]!.slice(0, -1)}u`;
    expect(walletAddressProblem("TRC20", broken)).toBe("checksum");
    expect(walletAddressProblem("TRC20", EIP55[0]!)).toBe("format");
    expect(walletAddressProblem("TRC20", `T${"1".repeat(33)}`)).not.toBeNull();
  });
});

describe("transaction hashes", () => {
  it("checks each network's format and links to its explorer", () => {
    const hex = "ab".repeat(32);
    expect(isValidTxHash("TRC20", hex)).toBe(true);
    expect(isValidTxHash("TRC20", `0x${hex}`)).toBe(false);
    expect(isValidTxHash("ERC20", `0x${hex}`)).toBe(true);
    expect(isValidTxHash("BEP20", hex)).toBe(false);
    expect(explorerUrl("TRC20", hex)).toBe(`https://tronscan.org/#/transaction/${hex}`);
    expect(explorerUrl("ERC20", `0x${hex}`)).toContain("https://etherscan.io/tx/0x");
    expect(explorerUrl("BEP20", `0x${hex}`)).toContain("https://bscscan.com/tx/0x");
  });
});
