import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useServerNow } from "./use-server-now";

const T0 = Date.parse("2026-11-21T12:00:00.000Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useServerNow", () => {
  it("is the browser's clock plus the server's offset, re-read every 30 s", () => {
    // The server answered 90 s ahead of this browser.
    const serverTime = new Date(T0 + 90_000).toISOString();
    const { result } = renderHook(() => useServerNow(serverTime, T0));
    expect(result.current).toBe(T0 + 90_000);
    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(result.current).toBe(T0 + 90_000);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe(T0 + 120_000);
  });

  it("is the browser's clock until the server has answered", () => {
    const { result } = renderHook(() => useServerNow(undefined, 0));
    expect(result.current).toBe(T0);
  });
});
