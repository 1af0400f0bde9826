import { type RefObject, useEffect, useRef } from "react";

/**
 * Infinite scroll: returns a ref for a sentinel element; when it comes within `rootMargin` of
 * the viewport and there is a next page not already loading, `fetchNextPage` runs. Without
 * IntersectionObserver nothing happens (the "Load more" button remains).
 */
export function useInfiniteScroll<T extends Element = HTMLDivElement>({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  rootMargin = "600px",
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  rootMargin?: string;
}): RefObject<T | null> {
  const sentinel = useRef<T>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage)
          void fetchNextPage();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rootMargin]);
  return sentinel;
}
