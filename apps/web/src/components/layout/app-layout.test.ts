import { describe, expect, it } from "vitest";
import { scrollKey } from "./app-layout";

describe("scrollKey", () => {
  it("keys a page opened by address by its path, so another page opened so starts at the top", () => {
    expect(scrollKey({ key: "default", pathname: "/dashboard" })).toBe("/dashboard");
    expect(scrollKey({ key: "default", pathname: "/settings" })).not.toBe(
      scrollKey({ key: "default", pathname: "/dashboard" }),
    );
  });

  it("keys in-app entries by their history key (back returns to where the member was)", () => {
    expect(scrollKey({ key: "k3x9", pathname: "/feed" })).toBe("k3x9");
  });
});
