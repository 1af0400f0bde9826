import {
  COUNTRIES,
  type Country,
  FEED_FILTER_ALL,
  FEED_SORTS,
  type FeedSort,
  THEMES,
  type Theme,
} from "@viewvault/shared";

export type CountryFilter = typeof FEED_FILTER_ALL | Country;
export type ThemeFilter = typeof FEED_FILTER_ALL | Theme;

export interface FeedFilters {
  country: CountryFilter;
  theme: ThemeFilter;
}

export const COUNTRY_FILTERS: CountryFilter[] = [FEED_FILTER_ALL, ...COUNTRIES];
export const THEME_FILTERS: ThemeFilter[] = [FEED_FILTER_ALL, ...THEMES];

/** The feed's filters from the address (?country=BR&theme=Music); unknown values mean ALL. */
export function filtersFromParams(params: URLSearchParams): FeedFilters {
  const country = params.get("country") ?? "";
  const theme = params.get("theme") ?? "";
  return {
    country: (COUNTRIES as readonly string[]).includes(country)
      ? (country as Country)
      : FEED_FILTER_ALL,
    theme: (THEMES as readonly string[]).includes(theme) ? (theme as Theme) : FEED_FILTER_ALL,
  };
}

/** The feed's order from the address (?sort=watched); newest first otherwise. */
export function sortFromParams(params: URLSearchParams): FeedSort {
  const sort = params.get("sort") ?? "";
  return (FEED_SORTS as readonly string[]).includes(sort) ? (sort as FeedSort) : "newest";
}

/** The address with this order (newest first, the default, leaves the parameter out). */
export function paramsWithSort(params: URLSearchParams, sort: FeedSort): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort === "newest") next.delete("sort");
  else next.set("sort", sort);
  return next;
}

/** Whether a filter other than ALL is set (the empty state says "no videos match"). */
export function isFiltered(filters: FeedFilters): boolean {
  return filters.country !== FEED_FILTER_ALL || filters.theme !== FEED_FILTER_ALL;
}

/** The address with these filters (ALL leaves the parameter out); other parameters stay. */
export function paramsWithFilters(
  params: URLSearchParams,
  filters: Partial<FeedFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(filters)) {
    if (!value || value === FEED_FILTER_ALL) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** Hours and minutes left until `until` (never negative), for the boost badge. */
export function timeLeft(until: string, now: number): { hours: number; minutes: number } {
  const ms = Math.max(0, new Date(until).getTime() - now);
  const totalMinutes = Math.floor(ms / 60_000);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
