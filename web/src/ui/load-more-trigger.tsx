import { useEffect, useRef } from "react";
import { Button } from "./button";
import "./load-more-trigger.css";

interface LoadMoreTriggerProps {
  onLoadMore: () => void;
  isLoading: boolean;
  label?: string;
}

/**
 * Loads the next page when the reader scrolls within 100 px of the end of a list, and offers a
 * button for keyboard and switch users who never scroll a sentinel into view.
 */
export function LoadMoreTrigger({
  onLoadMore,
  isLoading,
  label = "Load more",
}: LoadMoreTriggerProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);

  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (isLoading || !sentinel || typeof IntersectionObserver === "undefined") return;
    // A fresh observer after each load reports the current position at once, so a short page
    // that still leaves the sentinel in view keeps loading.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onLoadMoreRef.current();
        }
      },
      { rootMargin: "0px 0px 100px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [isLoading]);

  return (
    <div className="load-more">
      <div ref={sentinelRef} className="load-more__sentinel" data-testid="load-more-sentinel" />
      <Button
        variant="secondary"
        onClick={() => {
          if (!isLoading) onLoadMore();
        }}
        aria-disabled={isLoading}
      >
        {isLoading ? "Loading…" : label}
      </Button>
    </div>
  );
}
