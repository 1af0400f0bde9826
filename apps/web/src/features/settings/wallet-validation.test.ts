import { describe, expect, it } from "vitest";
import { walletProblem } from "./wallet-validation";

const TRON = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";
const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("walletProblem", () => {
  it("needs an address", () => {
    expect(walletProblem("TRC20", "  ")).toBe("required");
  });

  it("checks TRC20 addresses as Tron addresses", () => {
    expect(walletProblem("TRC20", TRON)).toBeNull();
    expect(walletProblem("TRC20", ` ${TRON} `)).toBeNull();
    expect(walletProblem("TRC20", EVM)).toBe("TRC20");
    expect(walletProblem("TRC20", TRON.slice(0, -1))).toBe("TRC20");
    // 0, O, I and l are not base58.
    expect(walletProblem("TRC20", `T${"0".repeat(33)}`)).toBe("TRC20");
  });

  it.each(["ERC20", "BEP20"] as const)("checks %s addresses as 0x + 40 hex", (network) => {
    expect(walletProblem(network, EVM)).toBeNull();
    expect(walletProblem(network, EVM.toLowerCase())).toBeNull();
    expect(walletProblem(network, TRON)).toBe(network);
    expect(walletProblem(network, `${EVM}0`)).toBe(network);
    expect(walletProblem(network, EVM.replace("0x", "0y"))).toBe(network);
  });
});
