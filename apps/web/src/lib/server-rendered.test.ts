import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { pageOrigin, renderedNow, setRendered, useTimeZone } from "./server-rendered";

describe("what a server-rendered page was rendered with (ADR 084)", () => {
  afterEach(() => setRendered(undefined));

  it("without a rendered page: the device's clock, zone and address", () => {
    const before = Date.now();
    expect(renderedNow()).toBeGreaterThanOrEqual(before);
    expect(pageOrigin()).toBe(window.location.origin);
    expect(renderHook(() => useTimeZone()).result.current).toBeUndefined();
  });

  it("while a page is rendered or adopted: the render's instant and address", () => {
    setRendered({ timeZone: "Asia/Tokyo", at: 1_000, origin: "https://viewvault.example" });
    expect(renderedNow()).toBe(1_000);
    expect(pageOrigin()).toBe("https://viewvault.example");
    // A render in the browser (not an adoption) shows the device's zone.
    expect(renderHook(() => useTimeZone()).result.current).toBeUndefined();
  });
});
