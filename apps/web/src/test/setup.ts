import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Parallel test workers on a busy machine: findBy*/waitFor wait up to 15 s (tests last up to
// 30 s, vite.config.ts). renderRoute preloads the page and its texts, so waits are for the app.
configure({ asyncUtilTimeout: 15_000 });

// No server in unit tests: every API call answers "signed out".
vi.stubGlobal(
  "fetch",
  vi.fn(
    async () =>
      new Response("null", { status: 200, headers: { "content-type": "application/json" } }),
  ),
);

// The device fingerprint (ADR 048) needs a real browser (canvas, audio): none in unit tests.
vi.mock("@/lib/device-id", () => ({
  DEVICE_ID_HEADER: "X-Device-Id",
  deviceId: () => null,
  deviceIdNow: async () => null,
  needsDeviceId: () => false,
}));

// jsdom lacks these browser APIs that Radix and sonner touch.
if (!("ResizeObserver" in globalThis)) {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
// The watch page's player needs its share on screen (jsdom has no layout: nothing is visible).
if (!("IntersectionObserver" in globalThis)) {
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
}
// A suite in Node's environment (the server's render, server-render.test.tsx) has no window.
const browser = typeof window === "undefined" ? undefined : window;
if (browser && !browser.matchMedia) {
  browser.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (browser) browser.scrollTo = () => {};

afterEach(() => {
  cleanup();
});
