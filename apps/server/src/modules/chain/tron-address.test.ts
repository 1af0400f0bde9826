import { describe, expect, it } from "vitest";
import { hexToTron, tronToHex20 } from "./tron-address";

describe("Tron addresses (base58check)", () => {
  it("converts the real USDT contract both ways", () => {
    expect(tronToHex20("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(
      "a614f803b6fd780986a42c78ec9c7f77e6ded13c",
    );
    expect(hexToTron("41a614f803b6fd780986a42c78ec9c7f77e6ded13c")).toBe(
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    );
    expect(hexToTron("0xa614f803b6fd780986a42c78ec9c7f77e6ded13c")).toBe(
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    );
  });

  it("knows the zero address and refuses a bad checksum or another prefix", () => {
    expect(hexToTron("0".repeat(40))).toBe("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
    expect(tronToHex20("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBeNull();
    expect(tronToHex20("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBeNull();
    expect(tronToHex20("")).toBeNull();
    expect(() => hexToTron("41abc")).toThrow();
  });
});
