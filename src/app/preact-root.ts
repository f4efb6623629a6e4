import { options, render, type ComponentChild, type VNode } from 'preact';

/**
 * The class of an element is its `class` attribute. Preact's React layer (`preact/compat`)
 * copies a `className` prop into `class` and keeps `className` beside it, so its diff sets the
 * same class twice on every element it makes, and on every element of a prerendered page it
 * takes over: the attribute it reads there is `class`, and `className` differs from nothing, a
 * DOM write per element on a slow phone's main thread while the page starts. `className` stays
 * readable on the props; the diff, which goes by the props' own enumerable keys, sees `class`
 * only. It runs after the layer's own hook whichever module is evaluated first: each calls
 * the hook it found before it.
 */
const normalize = options.vnode;
options.vnode = (vnode: VNode) => {
  normalize?.(vnode);
  // A DOM element's props, after the layer made them: they are its own, not the app's object.
  const props = vnode.props as Record<string, unknown>;
  if (
    typeof vnode.type === 'string' &&
    Object.prototype.propertyIsEnumerable.call(props, 'className')
  )
    Object.defineProperty(props, 'className', {
      configurable: true,
      enumerable: false,
      writable: true,
      value: props.className,
    });
};

/**
 * React DOM's `createRoot` on Preact, the build's runtime (build/react-runtime.ts). The one of
 * `preact/compat` empties the container before its first render, as React does. This one
 * draws into what the container holds: the elements of a prerendered page are taken over
 * where they match what the app draws, their attributes diffed against the app's, instead of
 * a few hundred elements being built, styled and laid out again while the same ones are
 * thrown away, on a slow phone's main thread while the page loads.
 */
export function createRoot(container: Element) {
  return {
    // What main.tsx hands it is React's JSX, which the build compiles to Preact's.
    render(children: ComponentChild) {
      render(children, container);
    },
    unmount() {
      render(null, container);
    },
  };
}
