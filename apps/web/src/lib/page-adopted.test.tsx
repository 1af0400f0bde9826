import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A fresh module per test: the page is adopted once per load.
let PageAdopted: typeof import("./page-adopted").PageAdopted;
let pageAdoptedWithin: typeof import("./page-adopted").pageAdoptedWithin;

describe("pageAdoptedWithin", () => {
  beforeEach(async () => {
    vi.resetModules();
    ({ PageAdopted, pageAdoptedWithin } = await import("./page-adopted"));
  });

  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.hydrated;
  });

  it("does not wait for ever on a page that is never adopted", async () => {
    vi.useFakeTimers();
    let settled = false;
    void pageAdoptedWithin(5_000).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
  });

  it("resolves as soon as the page's content is React's, and marks the document", async () => {
    let settled = false;
    const adopted = pageAdoptedWithin(60_000).then(() => {
      settled = true;
    });
    expect(settled).toBe(false);
    render(<PageAdopted />);
    await adopted;
    expect(settled).toBe(true);
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });
});
