import { act, renderHook } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { useFeedFilters } from "./use-feed-filters";

/** Renders the hook inside a router at `path`; `search()` reads the current address. */
function renderAt(path: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const hook = renderHook(() => useFeedFilters(), {
    wrapper: ({ children }) => {
      router ??= createMemoryRouter([{ path: "*", element: children }], {
        initialEntries: [path],
      });
      return <RouterProvider router={router} />;
    },
  });
  const state = () => (router as NonNullable<typeof router>).state;
  return { ...hook, search: () => state().location.search, action: () => state().historyAction };
}

describe("useFeedFilters", () => {
  it("reads the filters and the Request Views dialog from the address", () => {
    const { result } = renderAt("/feed?country=JP&theme=Gaming&request=1");
    expect(result.current.filters).toEqual({ country: "JP", theme: "Gaming" });
    expect(result.current.requestOpen).toBe(true);
  });

  it("treats unknown values as ALL", () => {
    const { result } = renderAt("/feed?country=XX&theme=nope");
    expect(result.current.filters).toEqual({ country: "ALL", theme: "ALL" });
    expect(result.current.requestOpen).toBe(false);
  });

  it("writes filters to the address, leaves ALL out and keeps other parameters", () => {
    const { result, search, action } = renderAt("/feed?request=1&utm=x");
    act(() => result.current.setFilters({ country: "BR" }));
    expect(search()).toBe("?request=1&utm=x&country=BR");
    expect(action()).toBe("REPLACE");
    act(() => result.current.setFilters({ theme: "Music" }));
    expect(result.current.filters).toEqual({ country: "BR", theme: "Music" });
    act(() => result.current.setFilters({ country: "ALL" }));
    expect(search()).toBe("?request=1&utm=x&theme=Music");
  });

  it("opens and closes the Request Views dialog through ?request=1", () => {
    const { result, search } = renderAt("/feed?theme=Music");
    act(() => result.current.setRequestOpen(true));
    expect(search()).toBe("?theme=Music&request=1");
    expect(result.current.requestOpen).toBe(true);
    act(() => result.current.setRequestOpen(false));
    expect(search()).toBe("?theme=Music");
  });
});
