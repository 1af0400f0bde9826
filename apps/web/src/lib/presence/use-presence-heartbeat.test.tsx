import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const sent: string[] = [];
vi.mock("./presence", () => ({
  sendPresence: (state: string) => {
    sent.push(state);
    return Promise.resolve();
  },
  sendOfflineBeacon: () => sent.push("beacon"),
}));

const { usePresenceHeartbeat } = await import("./use-presence-heartbeat");

describe("usePresenceHeartbeat", () => {
  beforeEach(() => {
    sent.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("beats on load and every 30 s while visible, sends a beacon when hidden", () => {
    const { unmount } = renderHook(() => usePresenceHeartbeat(true));
    expect(sent).toEqual(["online"]);
    vi.advanceTimersByTime(30_000);
    expect(sent).toEqual(["online", "online"]);
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    expect(sent.at(-1)).toBe("beacon");
    vi.advanceTimersByTime(60_000);
    expect(sent.filter((s) => s === "online")).toHaveLength(2);
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    expect(sent.at(-1)).toBe("online");
    window.dispatchEvent(new Event("pagehide"));
    expect(sent.at(-1)).toBe("beacon");
    unmount();
  });

  it("does nothing for a visitor", () => {
    renderHook(() => usePresenceHeartbeat(false));
    expect(sent).toEqual([]);
  });
});
