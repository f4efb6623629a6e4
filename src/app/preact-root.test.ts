import { h } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot } from './preact-root';
import { drawn } from '../test/prerendered';

afterEach(() => {
  document.body.replaceChildren();
});

describe('the build’s root', () => {
  it('takes over the elements of a prerendered page that match what the app draws', () => {
    const container = drawn(
      '<main class="page"><h1>Speech</h1><form><label for="text">Text</label><textarea id="text"></textarea></form></main>',
    );
    const [main, heading, label] = ['main', 'h1', 'label'].map((tag) =>
      container.querySelector(tag),
    );
    createRoot(container).render(
      h(
        'main',
        { class: 'page' },
        h('h1', null, 'Speech'),
        h('form', null, h('label', { for: 'text' }, 'Text'), h('textarea', { id: 'text' })),
      ),
    );
    expect(container.querySelector('main')).toBe(main);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('label')).toBe(label);
    expect(container.querySelectorAll('main')).toHaveLength(1);
  });

  it('leaves none of the prerendered attributes the app does not draw, and sets its own', () => {
    const container = drawn(
      '<button class="old" aria-hidden="true" disabled tabindex="-1">Start</button>',
    );
    createRoot(container).render(h('button', { class: 'new', 'aria-label': 'Start speech' }, 'Go'));
    const button = container.querySelector('button')!;
    expect(button.outerHTML).toBe('<button class="new" aria-label="Start speech">Go</button>');
    expect(button.disabled).toBe(false);
  });

  it('makes the taken-over elements live: their handlers run', () => {
    const container = drawn('<button type="button">Play</button>');
    const onClick = vi.fn();
    createRoot(container).render(h('button', { type: 'button', onClick }, 'Play'));
    container.querySelector('button')!.click();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('draws what differs from the prerendered page, and drops what the app does not draw', () => {
    const container = drawn('<section><p>Loading…</p><span>Stale</span></section>');
    createRoot(container).render(
      h('section', null, h('ul', null, h('li', null, 'Narration take two'))),
    );
    expect(container.innerHTML).toBe('<section><ul><li>Narration take two</li></ul></section>');
  });

  it('draws again into the same elements, and unmounts to nothing', () => {
    const container = drawn('');
    const root = createRoot(container);
    root.render(h('p', null, 'One'));
    const paragraph = container.querySelector('p');
    root.render(h('p', null, 'Two'));
    expect(container.querySelector('p')).toBe(paragraph);
    expect(paragraph!.textContent).toBe('Two');
    root.unmount();
    expect(container.innerHTML).toBe('');
  });
});

describe('the class of an element', () => {
  // The build's JSX goes through Preact's React layer, which turns `className` into `class`.
  const layer = () => import('preact/compat');

  it('is not written again when the prerendered element already has it', async () => {
    const { createElement } = await layer();
    const container = drawn('<main class="page"><p class="note">Clips</p></main>');
    const written: string[] = [];
    const observer = new MutationObserver((records) =>
      written.push(...records.map((record) => record.attributeName ?? record.type)),
    );
    observer.observe(container, { attributes: true, subtree: true });
    createRoot(container).render(
      createElement(
        'main',
        { className: 'page' },
        createElement('p', { className: 'note' }, 'Clips'),
      ),
    );
    written.push(...observer.takeRecords().map((record) => record.attributeName ?? record.type));
    observer.disconnect();
    expect(written).toEqual([]);
    expect(container.innerHTML).toBe('<main class="page"><p class="note">Clips</p></main>');
  });

  it('follows the app as it changes, and goes when the app drops it', async () => {
    const { createElement } = await layer();
    const container = drawn('');
    const root = createRoot(container);
    root.render(createElement('button', { className: 'idle' }, 'Start'));
    const button = container.querySelector('button')!;
    expect(button.className).toBe('idle');
    root.render(createElement('button', { className: 'busy' }, 'Start'));
    expect(button.className).toBe('busy');
    root.render(createElement('button', null, 'Start'));
    expect(button.hasAttribute('class')).toBe(false);
  });

  it('stays readable on the props, for code that reads an element it was given', async () => {
    const { createElement, cloneElement } = await layer();
    const element = createElement('span', { className: 'badge' });
    expect(element.props.className).toBe('badge');
    const container = drawn('');
    createRoot(container).render(cloneElement(element, { title: 'Running' }));
    const badge = container.querySelector('span')!;
    expect(badge.className).toBe('badge');
    expect(badge.title).toBe('Running');
  });
});

describe('the class of an element, with the layer evaluated first as in the build', () => {
  // The build's entry imports the layer (`react`) before its root (`react-dom/client`); JSX
  // compiles to the layer's `jsx`, which hands the element its props object as it is.
  async function inBuildOrder() {
    vi.resetModules();
    const runtime = await import('preact/compat/jsx-runtime');
    const compat = await import('preact/compat');
    const root = await import('./preact-root');
    return { jsx: runtime.jsx, cloneElement: compat.cloneElement, createRoot: root.createRoot };
  }

  it('is not written again when the prerendered element already has it', async () => {
    const { jsx, createRoot: createBuildRoot } = await inBuildOrder();
    const container = drawn('<main class="page"><p class="note">Clips</p></main>');
    const observer = new MutationObserver(() => undefined);
    observer.observe(container, { attributes: true, subtree: true });
    createBuildRoot(container).render(
      jsx('main', {
        className: 'page',
        children: jsx('p', { className: 'note', children: 'Clips' }),
      }),
    );
    const written = observer.takeRecords().map((record) => record.attributeName);
    observer.disconnect();
    expect(written).toEqual([]);
    expect(container.innerHTML).toBe('<main class="page"><p class="note">Clips</p></main>');
  });

  it('follows the app as it changes, and goes when the app drops it', async () => {
    const { jsx, createRoot: createBuildRoot } = await inBuildOrder();
    const container = drawn('<button class="idle">Start</button>');
    const root = createBuildRoot(container);
    root.render(jsx('button', { className: 'idle', children: 'Start' }));
    const button = container.querySelector('button')!;
    root.render(jsx('button', { className: 'busy', children: 'Start' }));
    expect(button.className).toBe('busy');
    root.render(jsx('button', { children: 'Start' }));
    expect(button.hasAttribute('class')).toBe(false);
    expect(container.querySelector('button')).toBe(button);
  });

  it('stays readable on the props, and goes with a copy of the element', async () => {
    const { jsx, cloneElement, createRoot: createBuildRoot } = await inBuildOrder();
    const element = jsx('span', { className: 'badge', children: 'Running' });
    expect(element.props.className).toBe('badge');
    const container = drawn('');
    createBuildRoot(container).render(cloneElement(element, { title: 'Started 2 min ago' }));
    const badge = container.querySelector('span')!;
    expect(badge.className).toBe('badge');
    expect(badge.title).toBe('Started 2 min ago');
    expect(badge.textContent).toBe('Running');
  });
});
