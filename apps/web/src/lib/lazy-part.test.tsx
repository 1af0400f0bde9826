import { act, fireEvent, render, screen } from "@testing-library/react";
import { Component, type ReactNode, Suspense, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyPart, loadOnce } from "./lazy-part";
import { useLoadOnIntent } from "./use-load-on-intent";

/** Records what reaches an error boundary: a part that could not load must never get there. */
class Boundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>the page broke</p> : this.props.children;
  }
}

function Dialog({ title }: { title: string }) {
  const [text, setText] = useState("");
  return (
    <div>
      <h2>{title}</h2>
      <input aria-label="note" value={text} onChange={(event) => setText(event.target.value)} />
    </div>
  );
}

/** A chunk that fails while "offline" and arrives once the connection is back. */
function flakyChunk() {
  let online = false;
  const load = vi.fn(() =>
    online
      ? Promise.resolve(Dialog)
      : Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
  );
  return { load, reconnect: () => (online = true) };
}

describe("loadOnce", () => {
  it("shares one load and forgets a failed one", async () => {
    let calls = 0;
    const load = loadOnce(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(calls);
    });
    await expect(load()).rejects.toThrow("offline");
    expect(load.loaded()).toBeUndefined();
    expect(await load()).toBe(2);
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
    expect(load.loaded()).toBe(2);
  });
});

describe("lazyPart", () => {
  it("renders nothing while its code cannot come, and appears when the connection is back", async () => {
    const chunk = flakyChunk();
    const Part = lazyPart(chunk.load);
    render(
      <Boundary>
        <p>balance 1,000 views</p>
        <Suspense fallback={<p>loading</p>}>
          <Part title="Request Views" />
        </Suspense>
      </Boundary>,
    );
    // The page stays; the part is simply not there yet.
    await act(async () => {});
    expect(screen.queryByText("the page broke")).toBeNull();
    expect(screen.getByText("balance 1,000 views")).toBeTruthy();
    expect(screen.queryByRole("heading")).toBeNull();

    chunk.reconnect();
    await act(async () => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByRole("heading", { name: "Request Views" })).toBeTruthy();
    expect(screen.queryByText("the page broke")).toBeNull();
  });

  it("renders at once, without suspending, once preloaded", async () => {
    const Part = lazyPart(() => Promise.resolve(Dialog));
    await Part.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part title="Boost" />
      </Suspense>,
    );
    expect(screen.getByRole("heading", { name: "Boost" })).toBeTruthy();
    expect(screen.queryByText("loading")).toBeNull();
  });
});

function LazyButton({ load }: { load: () => Promise<unknown> }) {
  const { wanted, want } = useLoadOnIntent(load);
  return wanted ? (
    <p>the dialog's code is here</p>
  ) : (
    <button type="button" onFocus={want}>
      Request Views
    </button>
  );
}

describe("useLoadOnIntent", () => {
  it("keeps the placeholder when the code cannot come and tries again when back online", async () => {
    const chunk = flakyChunk();
    render(<LazyButton load={chunk.load} />);
    const button = screen.getByRole("button", { name: "Request Views" });
    await act(async () => {
      fireEvent.focus(button);
    });
    expect(chunk.load).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Request Views" })).toBeTruthy();

    chunk.reconnect();
    await act(async () => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("the dialog's code is here")).toBeTruthy();
  });
});
