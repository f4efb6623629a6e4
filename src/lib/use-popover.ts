import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type RefObject,
  type ToggleEvent,
} from 'react';

/**
 * The platform's own popovers (Chrome 114, Safari 17, Firefox 125 on) bring light dismiss,
 * Escape and the top layer with no library; where they are missing (an older browser, jsdom)
 * the panel is shown and hidden by hand, with the same keys.
 */
const platformPopover =
  typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

interface PopoverOptions {
  /** What takes the focus when the panel opens; the panel itself when this gives nothing. */
  initialFocus?: (panel: HTMLElement) => HTMLElement | null | undefined;
}

export interface Popover {
  open: boolean;
  /** Where the button was when the panel opened: the panel is placed from it. */
  anchor: DOMRect | null;
  /** Closes the panel; the focus goes back to the button if it was in the panel. */
  close: () => void;
  buttonProps: {
    ref: RefObject<HTMLButtonElement | null>;
    'aria-expanded': boolean;
    'aria-controls': string;
    popoverTarget?: string;
    onClick?: () => void;
  };
  panelProps: {
    ref: RefObject<HTMLDivElement | null>;
    id: string;
    tabIndex: -1;
    popover?: 'auto';
    hidden?: boolean;
    onBeforeToggle?: (event: ToggleEvent<HTMLDivElement>) => void;
    onToggle?: (event: ToggleEvent<HTMLDivElement>) => void;
    onBlur: (event: FocusEvent<HTMLDivElement>) => void;
  };
}

/**
 * A button and the non-modal panel it opens: the focus moves into the panel on opening and
 * back to the button on closing, Escape and a click elsewhere close it, and so does Tab out
 * of it (as a menu does, so a panel is never left open behind the focus).
 */
export function usePopover({ initialFocus }: PopoverOptions = {}): Popover {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const measure = useCallback(() => setAnchor(button.current?.getBoundingClientRect() ?? null), []);
  const close = useCallback(() => {
    if (platformPopover) panel.current?.hidePopover();
    else setOpen(false);
  }, []);

  // The initial focus, once the panel shows with its content: the platform's popover draws
  // its content on `beforetoggle` and shows after it, so its focus waits for `toggle`.
  const focusInside = (element: HTMLElement) =>
    (initialFocus?.(element) ?? element).focus({ preventScroll: true });
  const focusOnOpen = useEffectEvent(focusInside);
  // Closed, the focus goes back to the button unless it went elsewhere already (a click on
  // another control).
  const wasOpen = useRef(false);
  useEffect(() => {
    const element = panel.current;
    if (open && element) {
      if (!platformPopover) focusOnOpen(element);
    } else if (wasOpen.current) {
      const active = document.activeElement;
      if (!active || active === document.body || element?.contains(active)) {
        button.current?.focus({ preventScroll: true });
      }
    }
    wasOpen.current = open;
  }, [open]);

  // Opened, the panel follows its button when the window changes size, and closes if the
  // button is hidden by the change (the sidebar's bell on a window narrowed to a phone's).
  useEffect(() => {
    if (!open) return;
    const onResize = () => {
      if (button.current?.offsetParent === null) close();
      else measure();
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [open, close, measure]);

  // Without the platform's popover: Escape, and a press outside the panel and its button.
  useEffect(() => {
    if (platformPopover || !open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // Tab out of the panel closes it; the button is left out, so Shift+Tab back to it does
  // not. A focus lost to nothing (another window) keeps it open.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!next || event.currentTarget.contains(next) || button.current?.contains(next)) return;
    close();
  };

  const shared = { ref: button, 'aria-expanded': open, 'aria-controls': id };
  if (platformPopover) {
    return {
      open,
      anchor,
      close,
      buttonProps: { ...shared, popoverTarget: id },
      panelProps: {
        ref: panel,
        id,
        tabIndex: -1,
        popover: 'auto',
        // Before the panel shows, so that it shows placed and with its content.
        onBeforeToggle: (event) => {
          if (event.newState === 'open') measure();
          setOpen(event.newState === 'open');
        },
        onToggle: (event) => {
          if (event.newState === 'open') focusInside(event.currentTarget);
        },
        onBlur,
      },
    };
  }
  return {
    open,
    anchor,
    close,
    buttonProps: {
      ...shared,
      onClick: () => {
        if (!open) measure();
        setOpen(!open);
      },
    },
    panelProps: { ref: panel, id, tabIndex: -1, hidden: !open, onBlur },
  };
}
