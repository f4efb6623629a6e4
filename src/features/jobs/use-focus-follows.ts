import { useLayoutEffect, type RefObject } from 'react';

/** The control that had the focus in an item as the item went: the item's key, its label. */
let leaving: { key: string; label: string | null; at: number } | null = null;

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

const labelOf = (element: Element) => element.getAttribute('aria-label') ?? element.textContent;

/**
 * Keeps the focus on an item that moves to another list when its state changes (a job's card
 * from Queued to Running): the new list draws a new element for it, and the browser sent the
 * focus to the page's body as the old one went. The new element takes it back, on its control
 * of the same label or else its first, so a keyboard user does not lose their place. Only a
 * focus left on the body is taken back: the user may have moved on meanwhile.
 */
export function useFocusFollows(key: string, ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const item = ref.current;
    if (item && leaving?.key === key && Date.now() - leaving.at < 1_000) {
      const wanted = leaving.label;
      leaving = null;
      const active = document.activeElement;
      if (!active || active === document.body) {
        const controls = [...item.querySelectorAll<HTMLElement>(focusable)];
        (controls.find((control) => labelOf(control) === wanted) ?? controls[0] ?? item).focus();
      }
    }
    return () => {
      // Before its elements leave the page: the focus is still on one of them.
      const active = document.activeElement;
      if (item && active && item.contains(active))
        leaving = { key, label: labelOf(active), at: Date.now() };
    };
  }, [key, ref]);
}
