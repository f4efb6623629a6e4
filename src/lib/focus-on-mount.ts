/**
 * A ref that focuses its element as it enters the page: what `autoFocus` does in React DOM,
 * in either runtime. The build's (Preact's React layer, build/react-runtime.ts) only writes the
 * `autofocus` attribute, which a browser honours when the page loads, not for an element added
 * later: a dialog's first button, the Stop button that replaces Start.
 */
export function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}
