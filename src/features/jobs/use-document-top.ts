import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Where the element starts on the page, for a list virtualized against the window's scroll.
 * Measured again whenever the page changes size: content above it that grows or wraps (a
 * column of the row above, the toolbar) moves it without resizing it.
 */
export function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setTop((previous) => (previous === next ? previous : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}
