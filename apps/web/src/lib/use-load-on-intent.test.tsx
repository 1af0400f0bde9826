import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useRequestedOpen } from "./use-load-on-intent";

describe("useRequestedOpen", () => {
  it("opens at once when the placeholder was pressed before the menu arrived", () => {
    const { result } = renderHook(() => useRequestedOpen(true));
    expect(result.current[0]).toBe(true);
  });

  it("opens when the press reaches it just after it replaced the placeholder", () => {
    const { result, rerender } = renderHook(({ requested }) => useRequestedOpen(requested), {
      initialProps: { requested: false },
    });
    expect(result.current[0]).toBe(false);
    rerender({ requested: true });
    expect(result.current[0]).toBe(true);
  });

  it("stays closed once the member closed it, the old press not reopening it", () => {
    const { result, rerender } = renderHook(({ requested }) => useRequestedOpen(requested), {
      initialProps: { requested: true },
    });
    act(() => result.current[1](false));
    rerender({ requested: true });
    expect(result.current[0]).toBe(false);
  });
});
