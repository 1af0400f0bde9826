import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useInfiniteScroll } from "./use-infinite-scroll";

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
const observers: Array<{ callback: Callback; options: unknown; disconnect: () => void }> = [];

class FakeIntersectionObserver {
  constructor(
    public callback: Callback,
    public options: unknown,
  ) {
    observers.push(this);
  }
  observe() {}
  disconnect = vi.fn();
}

afterEach(() => {
  observers.length = 0;
  vi.unstubAllGlobals();
});

function Sentinel(props: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  const ref = useInfiniteScroll(props);
  return <div ref={ref} />;
}

describe("useInfiniteScroll", () => {
  it("loads the next page when the sentinel comes near, 600px ahead", () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const fetchNextPage = vi.fn();
    render(<Sentinel hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    const observer = observers.at(-1);
    expect(observer?.options).toEqual({ rootMargin: "600px" });
    observer?.callback([{ isIntersecting: false }]);
    expect(fetchNextPage).not.toHaveBeenCalled();
    observer?.callback([{ isIntersecting: true }]);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("waits while a page loads and stops at the end", () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const fetchNextPage = vi.fn();
    const { rerender } = render(
      <Sentinel hasNextPage isFetchingNextPage fetchNextPage={fetchNextPage} />,
    );
    observers.at(-1)?.callback([{ isIntersecting: true }]);
    rerender(
      <Sentinel hasNextPage={false} isFetchingNextPage={false} fetchNextPage={fetchNextPage} />,
    );
    expect(observers[0]?.disconnect).toHaveBeenCalled();
    observers.at(-1)?.callback([{ isIntersecting: true }]);
    expect(fetchNextPage).not.toHaveBeenCalled();
  });

  it("does nothing without IntersectionObserver", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    expect(() =>
      render(<Sentinel hasNextPage isFetchingNextPage={false} fetchNextPage={vi.fn()} />),
    ).not.toThrow();
  });
});
