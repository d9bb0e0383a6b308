import { useEffect, useRef } from 'react';
import { Button } from './Button';

export interface LoadMoreButtonProps {
  onLoadMore: () => void;
  loading: boolean;
  /** Also load when the button scrolls into view (the button stays as the fallback). */
  auto?: boolean;
}

/** 'Load more' under a paged list; with auto, scrolling to it loads the next page by itself. */
export function LoadMoreButton({ onLoadMore, loading, auto = true }: LoadMoreButtonProps) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ onLoadMore, loading });
  useEffect(() => {
    latest.current = { onLoadMore, loading };
  });

  useEffect(() => {
    const target = ref.current;
    if (!auto || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading)
          latest.current.onLoadMore();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto]);

  return (
    <div ref={ref} className="load-more">
      <Button variant="secondary" busy={loading} onClick={onLoadMore}>
        Load more
      </Button>
    </div>
  );
}

/** The part of an infinite query that pages it. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Load more' under an infinite query's list while it has another page (one fetch at a time). */
export function NextPageButton({ list }: { list: PagedList }) {
  if (!list.hasNextPage) return null;
  return (
    <LoadMoreButton
      loading={list.isFetchingNextPage}
      onLoadMore={() => {
        if (!list.isFetchingNextPage) void list.fetchNextPage();
      }}
    />
  );
}
