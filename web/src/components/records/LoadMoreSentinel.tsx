import { useEffect, useRef } from 'react';
import { Box, CircularProgress } from '@mui/material';

/**
 * Infinite scroll: asks for the next page when this marker comes within 100 px of the visible area (spec 1 §9,
 * the list threshold). It sits after the last row of a scrolling list.
 */
export function LoadMoreSentinel(props: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  const marker = useRef<HTMLDivElement>(null);
  const { hasMore, loading, onLoadMore } = props;
  useEffect(() => {
    const element = marker.current;
    if (!element || !hasMore || loading) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onLoadMore(), {
      rootMargin: '0px 0px 100px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoadMore]);
  return (
    <Box ref={marker} sx={{ display: 'flex', justifyContent: 'center', py: loading ? 2 : 0, minHeight: 1 }}>
      {loading ? <CircularProgress size={24} /> : null}
    </Box>
  );
}
