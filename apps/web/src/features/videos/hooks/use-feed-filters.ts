import type { FeedSort } from "@viewvault/shared";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  type FeedFilters,
  filtersFromParams,
  paramsWithFilters,
  paramsWithSort,
  sortFromParams,
} from "../feed-filters";

/**
 * The feed's state in the address, so it survives a reload and can be shared: the filters
 * (?country=BR&theme=Music, ALL left out), the order (?sort=watched) and whether the Request Views dialog is open
 * (?request=1). Changes replace the history entry.
 */
export function useFeedFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const sort = useMemo(() => sortFromParams(params), [params]);
  const requestOpen = params.get("request") === "1";
  const setFilters = useCallback(
    (next: Partial<FeedFilters>) =>
      setParams((current) => paramsWithFilters(current, next), { replace: true }),
    [setParams],
  );
  const setSort = useCallback(
    (next: FeedSort) => setParams((current) => paramsWithSort(current, next), { replace: true }),
    [setParams],
  );
  const setRequestOpen = useCallback(
    (open: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (open) next.set("request", "1");
          else next.delete("request");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, setFilters, sort, setSort, requestOpen, setRequestOpen };
}
