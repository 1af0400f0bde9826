import { describe, expect, it } from "vitest";
import {
  filtersFromParams,
  isFiltered,
  paramsWithFilters,
  paramsWithSort,
  sortFromParams,
  timeLeft,
} from "./feed-filters";

describe("feed filters", () => {
  it("reads and writes the order: most watched in the address, newest first by default", () => {
    expect(sortFromParams(new URLSearchParams("sort=watched"))).toBe("watched");
    expect(sortFromParams(new URLSearchParams("sort=popular"))).toBe("newest");
    expect(sortFromParams(new URLSearchParams(""))).toBe("newest");
    const params = new URLSearchParams("country=BR");
    expect(paramsWithSort(params, "watched").toString()).toBe("country=BR&sort=watched");
    expect(paramsWithSort(new URLSearchParams("sort=watched"), "newest").toString()).toBe("");
  });

  it("reads country and theme from the address, unknown values meaning ALL", () => {
    expect(filtersFromParams(new URLSearchParams("country=BR&theme=Music"))).toEqual({
      country: "BR",
      theme: "Music",
    });
    expect(filtersFromParams(new URLSearchParams("country=XX&theme=music"))).toEqual({
      country: "ALL",
      theme: "ALL",
    });
    expect(filtersFromParams(new URLSearchParams(""))).toEqual({ country: "ALL", theme: "ALL" });
  });

  it("writes filters into the address, ALL removing the parameter and others kept", () => {
    const params = new URLSearchParams("request=1&country=BR");
    expect(paramsWithFilters(params, { theme: "Gaming" }).toString()).toBe(
      "request=1&country=BR&theme=Gaming",
    );
    expect(paramsWithFilters(params, { country: "ALL" }).toString()).toBe("request=1");
    expect(params.toString()).toBe("request=1&country=BR");
  });

  it("counts the boost's time left in hours and minutes, never below zero", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(timeLeft("2026-11-22T11:59:30Z", now)).toEqual({ hours: 23, minutes: 59 });
    expect(timeLeft("2026-11-21T12:00:30Z", now)).toEqual({ hours: 0, minutes: 0 });
    expect(timeLeft("2026-11-21T11:00:00Z", now)).toEqual({ hours: 0, minutes: 0 });
  });

  it("says whether any filter narrows the feed", () => {
    expect(isFiltered({ country: "ALL", theme: "ALL" })).toBe(false);
    expect(isFiltered({ country: "BR", theme: "ALL" })).toBe(true);
    expect(isFiltered({ country: "ALL", theme: "Music" })).toBe(true);
  });
});
