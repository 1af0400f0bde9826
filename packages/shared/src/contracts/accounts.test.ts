import { describe, expect, it } from "vitest";
import {
  walletAddressMessage,
  ZChangePasswordForm,
  ZReauthForm,
  ZSignInForm,
  ZTwoFactorForm,
  ZUpdateWalletRequest,
  ZWalletForm,
} from "./accounts";

const TRON = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";
const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("walletAddressMessage", () => {
  it("needs an address", () => {
    expect(walletAddressMessage("TRC20", "  ")).toBe("errors:validation.walletRequired");
  });

  it("checks TRC20 addresses as Tron addresses", () => {
    expect(walletAddressMessage("TRC20", TRON)).toBeNull();
    expect(walletAddressMessage("TRC20", ` ${TRON} `)).toBeNull();
    expect(walletAddressMessage("TRC20", EVM)).toBe("errors:validation.walletTrc20");
    expect(walletAddressMessage("TRC20", TRON.slice(0, -1))).toBe("errors:validation.walletTrc20");
    // 0, O, I and l are not base58.
    expect(walletAddressMessage("TRC20", `T${"0".repeat(33)}`)).toBe(
      "errors:validation.walletTrc20",
    );
  });

  it.each([
    ["ERC20", "errors:validation.walletErc20"],
    ["BEP20", "errors:validation.walletBep20"],
  ] as const)("checks %s addresses as 0x + 40 hex", (network, message) => {
    expect(walletAddressMessage(network, EVM)).toBeNull();
    expect(walletAddressMessage(network, EVM.toLowerCase())).toBeNull();
    expect(walletAddressMessage(network, TRON)).toBe(message);
    expect(walletAddressMessage(network, `${EVM}0`)).toBe(message);
  });

  it("is the rule of the wallet form and of the server's request alike", () => {
    expect(
      messages(ZWalletForm.safeParse({ walletNetwork: "ERC20", walletAddress: TRON })),
    ).toEqual({
      walletAddress: "errors:validation.walletErc20",
    });
    expect(
      messages(
        ZUpdateWalletRequest.safeParse({
          walletNetwork: "ERC20",
          walletAddress: TRON,
          code: "123456",
        }),
      ),
    ).toEqual({ walletAddress: "errors:validation.walletErc20" });
  });
});

describe("account form contracts", () => {
  it("sign in asks for both fields and a valid e-mail", () => {
    expect(messages(ZSignInForm.safeParse({ email: " ", password: "" }))).toEqual({
      email: "errors:validation.emailRequired",
      password: "errors:validation.passwordRequired",
    });
    expect(messages(ZSignInForm.safeParse({ email: "nope", password: "x" }))).toEqual({
      email: "errors:validation.invalidEmail",
    });
    expect(ZSignInForm.parse({ email: " Demo@ViewVault.Local ", password: "x" }).email).toBe(
      "demo@viewvault.local",
    );
  });

  it("change password: the rules of a new password and the confirmation", () => {
    expect(
      messages(
        ZChangePasswordForm.safeParse({
          currentPassword: "",
          newPassword: "123",
          confirmPassword: "124",
        }),
      ),
    ).toEqual({
      currentPassword: "errors:validation.passwordRequired",
      newPassword: "errors:validation.passwordTooShort",
      confirmPassword: "errors:validation.passwordsDoNotMatch",
    });
  });

  it("codes: six digits from the app (spaces dropped) or a backup code", () => {
    expect(ZTwoFactorForm.parse({ method: "totp", code: "123 456", trustDevice: false })).toEqual({
      method: "totp",
      code: "123456",
      trustDevice: false,
    });
    expect(
      messages(ZTwoFactorForm.safeParse({ method: "totp", code: "12345", trustDevice: false })),
    ).toEqual({ code: "errors:validation.codeSixDigits" });
    expect(
      messages(ZTwoFactorForm.safeParse({ method: "backup", code: "ab", trustDevice: false })),
    ).toEqual({ code: "errors:validation.backupCodeInvalid" });
    expect(messages(ZReauthForm.safeParse({ method: "password", secret: "" }))).toEqual({
      secret: "errors:validation.passwordRequired",
    });
  });
});
