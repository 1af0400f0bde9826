import { describe, expect, it } from "vitest";
import { messageKey, problemMessage } from "../errors";
import { addVideoForm, swapForm, transferForm } from "./forms";

/** The issues of a parse as { field: message }. */
function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("problemMessage / messageKey", () => {
  it("carries a check's key and parameters in a field message, and reads them back", () => {
    const message = problemMessage({
      code: "BELOW_MINIMUM",
      params: { context: "transferViews", min: "100" },
    });
    expect(message).toBe("errors:BELOW_MINIMUM?context=transferViews&min=100");
    expect(messageKey(message)).toEqual({
      key: "errors:BELOW_MINIMUM",
      params: { context: "transferViews", min: "100" },
    });
    expect(problemMessage({ code: "RECIPIENT_REQUIRED" })).toBe("errors:RECIPIENT_REQUIRED");
    expect(messageKey("errors:validation.passwordTooShort")).toEqual({
      key: "errors:validation.passwordTooShort",
      params: {},
    });
  });
});

describe("the money forms run the shared check sequences", () => {
  const me = { id: "8f7c2a3e-1111-4222-8333-944455556666", username: "alice" };
  const balances = { views: 500n, usdt: 250_000_000n };

  it("transfer: the first failed check of transferProblem, on its field", () => {
    const schema = transferForm({ balances, me });
    const parse = (amount: string, recipient: string) =>
      issues(schema.safeParse({ transferType: "VIEWS", amount, recipient }));
    expect(parse("", "")).toEqual({ amount: "errors:INVALID_AMOUNT" });
    expect(parse("99", "")).toEqual({
      amount: "errors:BELOW_MINIMUM?context=transferViews&min=100",
    });
    expect(parse("501", "bob")).toEqual({
      amount: "errors:INSUFFICIENT_BALANCE?context=transferViews",
    });
    expect(parse("100", " ")).toEqual({ recipient: "errors:RECIPIENT_REQUIRED" });
    expect(parse("100", "@Alice")).toEqual({ recipient: "errors:SELF_TRANSFER" });
    expect(
      schema.safeParse({ transferType: "VIEWS", amount: "100", recipient: "bob" }).success,
    ).toBe(true);
  });

  it("swap: swapQuote then swapProblem", () => {
    const schema = swapForm({ balances });
    expect(issues(schema.safeParse({ direction: "VIEWS_TO_USDT", amount: "" }))).toEqual({
      amount: "errors:INVALID_AMOUNT",
    });
    expect(issues(schema.safeParse({ direction: "USDT_TO_VIEWS", amount: "300" }))).toEqual({
      amount: "errors:INSUFFICIENT_BALANCE?context=swapUsdt",
    });
    expect(schema.safeParse({ direction: "VIEWS_TO_USDT", amount: "500" }).success).toBe(true);
  });

  it("add video: the seeds' six checks with the title found and the balance", () => {
    const parse = (title: string | null, balance: bigint, value: Record<string, string>) =>
      issues(
        addVideoForm({ title, balance }).safeParse({ url: "", country: "", theme: "", ...value }),
      );
    const url = "https://youtu.be/dQw4w9WgXcQ";
    expect(parse(null, 5n, {})).toEqual({ url: "errors:VIDEO_URL_REQUIRED" });
    expect(parse(null, 5n, { url: "https://vimeo.com/1" })).toEqual({
      url: "errors:INVALID_VIDEO_URL",
    });
    expect(parse(null, 5n, { url })).toEqual({ url: "errors:VIDEO_TITLE_UNAVAILABLE" });
    expect(parse("t", 5n, { url })).toEqual({ country: "errors:COUNTRY_REQUIRED" });
    expect(parse("t", 5n, { url, country: "BR" })).toEqual({ theme: "errors:THEME_REQUIRED" });
    expect(parse("t", 0n, { url, country: "BR", theme: "Music" })).toEqual({
      url: "errors:INSUFFICIENT_BALANCE?context=video&cost=1",
    });
    expect(parse("t", 5n, { url, country: "BR", theme: "Music" })).toEqual({});
  });
});
