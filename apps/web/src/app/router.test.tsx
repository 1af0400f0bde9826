import { APP_PAGES, DOCUMENT_ALIASES, DOCUMENT_SLUGS } from "@viewvault/shared";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "./router";

function paths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...paths(route.children ?? []),
  ]);
}

describe("the router", () => {
  it("has exactly the pages the server knows (APP_PAGES, documents, aliases, profiles)", () => {
    expect(paths(routes).sort()).toEqual(
      [...APP_PAGES, ...DOCUMENT_SLUGS, ...Object.keys(DOCUMENT_ALIASES), ":handle", "*"].sort(),
    );
  });
});
