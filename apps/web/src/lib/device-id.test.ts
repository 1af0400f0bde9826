import { describe, expect, it, vi } from "vitest";

const { needsDeviceId } = await vi.importActual<typeof import("./device-id")>("./device-id");

describe("the device fingerprint is computed only for the requests that record it (ADR 065)", () => {
  it.each([
    ["POST", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/sign-up/email"],
    ["POST", "/api/videos/6f1c7c52-3c1e-4b6e-9d7a-0a7d5f6f2c11/sessions"],
    ["POST", "/api/withdrawals"],
  ])("%s %s waits for it", (method, path) => {
    expect(needsDeviceId(method, path)).toBe(true);
  });

  it.each([
    ["GET", "/api/me"],
    ["GET", "/api/withdrawals"],
    ["POST", "/api/transfers"],
    ["POST", "/api/withdrawals/abc/cancel"],
    ["POST", "/api/watch-sessions/abc/heartbeats"],
  ])("%s %s does not", (method, path) => {
    expect(needsDeviceId(method, path)).toBe(false);
  });
});
