import { afterEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module, reading a document that holds `reads` (or no block). */
async function withDocument(reads?: Record<string, unknown>) {
  document.getElementById("vv-data")?.remove();
  if (reads) {
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = "vv-data";
    block.textContent = JSON.stringify(reads);
    document.body.append(block);
  }
  vi.resetModules();
  return import("./inlined-data");
}

describe("the first data inlined in the document (ADR 065)", () => {
  afterEach(() => vi.useRealTimers());

  it("answers the first GET of each URL once, whatever the order of its query", async () => {
    const { takeInlined } = await withDocument({
      "/api/me": { id: "me" },
      "/api/videos?country=ALL&sort=newest&theme=ALL": { videos: [] },
    });
    expect(takeInlined("/api/me")).toEqual({ body: { id: "me" } });
    // Read once, then out of the document.
    expect(document.getElementById("vv-data")).toBeNull();
    expect(takeInlined("/api/me")).toBeUndefined();
    expect(takeInlined("/api/videos?country=ALL&theme=ALL&sort=newest")).toEqual({
      body: { videos: [] },
    });
    expect(takeInlined("/api/balances")).toBeUndefined();
  });

  it("gives a query its first data (once) so that the first render shows it (ADR 076)", async () => {
    const { inlinedInitialData } = await withDocument({
      "/api/box/openings?limit=5": { openings: [] },
    });
    expect(inlinedInitialData("/api/box/openings?limit=5")).toEqual({ openings: [] });
    expect(inlinedInitialData("/api/box/openings?limit=5")).toBeUndefined();
    expect(inlinedInitialData("/api/events")).toBeUndefined();
  });

  it("keeps a null answer (nobody signed in) apart from no answer", async () => {
    const { takeInlined } = await withDocument({ "/api/auth/get-session": null });
    expect(takeInlined("/api/auth/get-session")).toEqual({ body: null });
  });

  it("forgets everything at a sign-in or sign-out, and after 30 seconds", async () => {
    const first = await withDocument({ "/api/me": { id: "me" }, "/api/balances": {} });
    first.dropInlined();
    expect(first.takeInlined("/api/me")).toBeUndefined();

    vi.useFakeTimers();
    const second = await withDocument({ "/api/me": { id: "me" } });
    second.takeInlined("/api/nothing");
    vi.advanceTimersByTime(31_000);
    expect(second.takeInlined("/api/me")).toBeUndefined();
  });

  it("apiFetch: the first GET from the document; after a change, the network", async () => {
    await withDocument({ "/api/box": { n: 1 }, "/api/me": { id: "me" } });
    const fetchMock = vi.fn(async () => Response.json({ n: 2 }));
    vi.stubGlobal("fetch", fetchMock);
    const { api } = await import("./api-client");
    expect(await api.get("/api/box")).toEqual({ n: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
    await api.post("/api/box/open", {});
    // The POST made the rest of the document's data stale.
    expect(await api.get("/api/me")).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });

  it("apiFetch: a write that changes nothing shown (the presence heartbeat) keeps the document's data", async () => {
    await withDocument({ "/api/me": { id: "me" } });
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    const { api } = await import("./api-client");
    await api.post("/api/presence", { state: "online" }, { changesNothingShown: true });
    expect(await api.get("/api/me")).toEqual({ id: "me" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it("without a block, or with a broken one, every read goes to the network", async () => {
    expect((await withDocument()).takeInlined("/api/me")).toBeUndefined();
    document.body.insertAdjacentHTML(
      "beforeend",
      '<script type="application/json" id="vv-data">{broken</script>',
    );
    vi.resetModules();
    const { takeInlined } = await import("./inlined-data");
    expect(takeInlined("/api/me")).toBeUndefined();
  });
});
