import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { fixedClock } from "../../lib/clock";

// 22 November 2026, 12:00 in Los Angeles (PST, UTC−8): an hour before the daily opening.
const clock = fixedClock("2026-11-22T20:00:00Z");
const t = useTestApp({
  env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  clock,
  verifyLedger: true,
});

const member = (overrides: Parameters<typeof createSignedInMember>[1] = {}) =>
  createSignedInMember(t.app, overrides);

describe("presence", () => {
  it("online on a heartbeat, offline when told or after 90 s of silence", async () => {
    const a = await member();
    const b = await member();
    const ask = async () =>
      (await b.c.request("GET", `/api/presence?ids=${a.id},${b.id}`)).json().online;
    expect(await ask()).toEqual([]);
    expect((await a.c.request("POST", "/api/presence", { state: "online" })).statusCode).toBe(204);
    expect(await ask()).toEqual([a.id]);
    expect((await a.c.request("POST", "/api/presence", { state: "offline" })).statusCode).toBe(204);
    expect(await ask()).toEqual([]);
    await a.c.request("POST", "/api/presence", { state: "online" });
    clock.advance(90_000);
    expect(await ask()).toEqual([a.id]);
    clock.advance(1_000);
    expect(await ask()).toEqual([]);
    const bad = await b.c.request("GET", "/api/presence?ids=not-an-id");
    expect(bad.statusCode).toBe(400);
  });
});
