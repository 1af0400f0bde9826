import { describe, expect, it } from "vitest";
import { offerProblem, parseOffer } from "./market-checks";

const none = { balances: null };

describe("offerProblem", () => {
  it("refuses a quantity or price that is not above zero, quantity first", () => {
    expect(offerProblem({ viewsQuantity: "0", pricePerView: "0" }, none)).toEqual({
      code: "OFFER_NOT_POSITIVE",
      field: "viewsQuantity",
    });
    expect(offerProblem({ viewsQuantity: "", pricePerView: "1" }, none)?.code).toBe(
      "OFFER_NOT_POSITIVE",
    );
    expect(offerProblem({ viewsQuantity: "10", pricePerView: "0.000000" }, none)).toEqual({
      code: "OFFER_NOT_POSITIVE",
      field: "pricePerView",
    });
    expect(offerProblem({ viewsQuantity: "1.5", pricePerView: "1" }, none)?.code).toBe(
      "OFFER_NOT_POSITIVE",
    );
    expect(offerProblem({ viewsQuantity: "10", pricePerView: "abc" }, none)?.field).toBe(
      "pricePerView",
    );
  });

  it("keeps the documented bounds and precision", () => {
    expect(offerProblem({ viewsQuantity: "1000001", pricePerView: "1" }, none)?.params).toEqual({
      context: "marketQuantity",
      max: "1000000",
    });
    expect(
      offerProblem({ viewsQuantity: "99999999999999999999999", pricePerView: "1" }, none)?.params
        ?.context,
    ).toBe("marketQuantity");
    expect(
      offerProblem({ viewsQuantity: "10", pricePerView: "1000.000001" }, none)?.params?.context,
    ).toBe("marketPrice");
    expect(
      offerProblem({ viewsQuantity: "10", pricePerView: "0.0000001" }, none)?.params?.context,
    ).toBe("marketPrice");
    expect(offerProblem({ viewsQuantity: "10", pricePerView: "0.1000000" }, none)).toBeNull();
  });

  it("refuses more views than the balance shown", () => {
    expect(
      offerProblem({ viewsQuantity: "101", pricePerView: "0.1" }, { balances: { views: 100n } }),
    ).toEqual({
      code: "INSUFFICIENT_BALANCE",
      field: "viewsQuantity",
      params: { context: "marketViews" },
    });
    expect(
      offerProblem({ viewsQuantity: "100", pricePerView: "0.1" }, { balances: { views: 100n } }),
    ).toBeNull();
  });

  it("computes the total exactly in micro-USDT", () => {
    expect(parseOffer({ viewsQuantity: "150", pricePerView: "0,123456" })).toEqual({
      views: 150n,
      priceMicroUsdt: 123_456n,
      totalMicroUsdt: 18_518_400n,
    });
    expect(parseOffer({ viewsQuantity: "1000000", pricePerView: "1000" })?.totalMicroUsdt).toBe(
      1_000_000_000_000_000n,
    );
    expect(parseOffer({ viewsQuantity: "0", pricePerView: "1" })).toBeNull();
  });
});
