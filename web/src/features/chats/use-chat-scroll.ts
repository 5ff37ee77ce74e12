import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** Older messages are asked for when the reader comes this close to the top (as in a ticket, spec 1 §2). */
export const LOAD_OLDER_WITHIN_PX = 50;
/** A reader this close to the bottom follows new messages; one further up reads in peace. */
const FOLLOW_WITHIN_PX = 80;

/**
 * The scrolling of a conversation whose newest messages are at the bottom: it opens at the bottom and follows new
 * messages while the reader is there (always for the reader's own); near the top it loads the older page and keeps
 * the reader's place when that page is put above; a first page too short to scroll loads older ones until it scrolls.
 */
export function useChatScroll(options: {
  /** Changes when a message is added at the bottom. */
  lastKey: unknown;
  /** The last message is the reader's own: follow it wherever they were. */
  lastIsOwn: boolean;
  pageCount: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => unknown;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const { lastKey, lastIsOwn, pageCount, hasOlder, loadingOlder, loadOlder } = options;

  const toBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  const older = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasOlder || loadingOlder) return;
    beforeOlder.current = { height: element.scrollHeight, top: element.scrollTop };
    loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  // An older page went above: the same message stays under the reader's eyes.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !beforeOlder.current) return;
    element.scrollTop = element.scrollHeight - beforeOlder.current.height + beforeOlder.current.top;
    beforeOlder.current = null;
  }, [pageCount]);

  useLayoutEffect(() => {
    if (lastKey === undefined) return;
    if (following.current || lastIsOwn) toBottom();
  }, [lastKey, lastIsOwn, toBottom]);

  // Pictures load after their message is placed: stay at the bottom while following.
  useEffect(() => {
    const element = scroller.current?.firstElementChild;
    if (!element) return;
    const observer = new ResizeObserver(() => following.current && toBottom());
    observer.observe(element);
    return () => observer.disconnect();
  }, [toBottom]);

  useEffect(() => {
    const element = scroller.current;
    if (element && element.scrollHeight <= element.clientHeight) older();
  }, [pageCount, older]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_WITHIN_PX;
    if (element.scrollTop <= LOAD_OLDER_WITHIN_PX) older();
  }, [older]);

  return { scroller, onScroll };
}
