// The build draws with Preact (build/react-runtime.ts): what a stage keeps is Preact's doing.
import { h, render, type ComponentChildren, type ComponentType } from 'preact';
import { lazy } from 'preact/compat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../lib/next-task';
import { takeOverInStages } from '../lib/takeover';
import { drawn } from '../test/prerendered';
import { Staged as ReactStaged } from './staged';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react-dom', async () => await import('preact/compat'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));

// Typed for React, drawn by Preact, as in the build.
const Staged = ReactStaged as unknown as ComponentType<{ children: ComponentChildren }>;

afterEach(() => {
  render(null, document.body.firstElementChild!);
  document.body.replaceChildren();
});

const page = (onNav: () => void, onSave: () => void) =>
  h(
    'div',
    { class: 'shell' },
    h(
      Staged,
      null,
      h('nav', { 'aria-label': 'Main' }, h('button', { type: 'button', onClick: onNav }, 'Voices')),
    ),
    h('main', null, h('button', { type: 'button', onClick: onSave }, 'Save')),
  );

const prerendered =
  '<div class="shell"><nav aria-label="Main" data-stale="yes"><button type="button">Voices</button></nav><main><button type="button">Save</button></main></div>';

describe('Staged', () => {
  it('keeps the prerendered part as it is while the rest is drawn, and draws it a task later', async () => {
    const container = drawn(prerendered);
    const nav = container.querySelector('nav')!;
    const navButton = nav.querySelector('button')!;
    const onNav = vi.fn();
    const onSave = vi.fn();
    takeOverInStages(() => render(page(onNav, onSave), container));

    // The rest is live at once; the staged part is still the prerendered one, untouched.
    container.querySelector<HTMLButtonElement>('main button')!.click();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(container.querySelector('nav')).toBe(nav);
    expect(nav.getAttribute('data-stale')).toBe('yes');
    navButton.click();
    expect(onNav).not.toHaveBeenCalled();

    await nextTask();
    await nextTask();
    // Drawn into the same elements, their attributes made the app's.
    expect(container.querySelector('nav')).toBe(nav);
    expect(nav.querySelector('button')).toBe(navButton);
    expect(nav.hasAttribute('data-stale')).toBe(false);
    expect(container.querySelectorAll('nav')).toHaveLength(1);
    navButton.click();
    expect(onNav).toHaveBeenCalledTimes(1);
  });

  it('holds a part staged inside a staged one a task more, each drawn into its own elements', async () => {
    const container = drawn(
      '<main data-stale="yes"><h1>Settings</h1><section data-stale="yes"><button type="button">Save</button></section></main>',
    );
    const main = container.querySelector('main')!;
    const section = container.querySelector('section')!;
    const onSave = vi.fn();
    const nested = h(
      Staged,
      null,
      h(
        'main',
        null,
        h('h1', null, 'Settings'),
        h(
          Staged,
          null,
          h('section', null, h('button', { type: 'button', onClick: onSave }, 'Save')),
        ),
      ),
    );
    takeOverInStages(() => render(nested, container));
    expect(main.hasAttribute('data-stale')).toBe(true);

    // The outer part is drawn a task later (its task was queued before this test's); the one
    // inside it is still the prerendered one.
    await nextTask();
    expect(main.hasAttribute('data-stale')).toBe(false);
    expect(section.hasAttribute('data-stale')).toBe(true);
    section.querySelector('button')!.click();
    expect(onSave).not.toHaveBeenCalled();

    await nextTask();
    await nextTask();
    expect(container.querySelector('section')).toBe(section);
    expect(section.hasAttribute('data-stale')).toBe(false);
    section.querySelector('button')!.click();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(container.querySelectorAll('main, section')).toHaveLength(2);
  });

  it('draws a part below that waited for its code at once inside it, outside a takeover', async () => {
    const container = drawn('');
    let arrive!: (part: { default: () => ReturnType<typeof h> }) => void;
    const Part = lazy(
      () => new Promise<{ default: () => ReturnType<typeof h> }>((resolve) => (arrive = resolve)),
    );
    const Inner = () => h(Staged, null, h('p', null, 'Waveform'));
    render(h(Staged, null, h('div', null, h(Part, null), h(Inner, null))), container);
    arrive({ default: () => h('span', null, 'Clip 1') });
    await nextTask();
    await nextTask();
    // No task more for the staged part inside: no page is being taken over.
    expect(container.textContent).toBe('Clip 1Waveform');
  });

  it('is drawn at once in any other render', () => {
    const container = drawn(prerendered);
    const onNav = vi.fn();
    render(page(onNav, vi.fn()), container);
    container.querySelector<HTMLButtonElement>('nav button')!.click();
    expect(onNav).toHaveBeenCalledTimes(1);
    expect(container.querySelector('nav')!.hasAttribute('data-stale')).toBe(false);
  });

  it('draws a staged part whose parent draws again before its task comes', async () => {
    const container = drawn(prerendered);
    const onNav = vi.fn();
    takeOverInStages(() => render(page(vi.fn(), vi.fn()), container));
    render(page(onNav, vi.fn()), container);
    container.querySelector<HTMLButtonElement>('nav button')!.click();
    expect(onNav).toHaveBeenCalledTimes(1);
    await nextTask();
    await nextTask();
    expect(container.querySelectorAll('nav')).toHaveLength(1);
    container.querySelector<HTMLButtonElement>('nav button')!.click();
    expect(onNav).toHaveBeenCalledTimes(2);
  });

  it('draws a part below that waits for its code once the code is in', async () => {
    const container = drawn('');
    let arrive!: (part: { default: () => ReturnType<typeof h> }) => void;
    const Part = lazy(
      () => new Promise<{ default: () => ReturnType<typeof h> }>((resolve) => (arrive = resolve)),
    );
    render(h(Staged, null, h('div', null, h(Part, null))), container);
    expect(container.textContent).toBe('');
    arrive({ default: () => h('p', null, 'Waveform') });
    await nextTask();
    await nextTask();
    expect(container.textContent).toBe('Waveform');
  });
});
