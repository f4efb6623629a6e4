import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeVoice } from '../test/voice-fixtures';
import { VoiceRow } from './voice-row';

const voices = ['Aria', 'Marcus', 'Olivia', 'Leo'].map((name) =>
  makeVoice({ voice_id: name.toLowerCase(), name }),
);

let idle: (() => void)[];

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
});

afterEach(() => {
  cleanup();
  // The idle queue is module state: it runs dry here, so the next test starts with nothing pending.
  for (let task = idle.shift(); task; task = idle.shift()) task();
  vi.unstubAllGlobals();
});

interface RowState {
  deferred: boolean;
  fastScroll: boolean;
}

/** Renders a row; the returned function changes its scroll-driven props as the grid would. */
function renderRow(initial: RowState) {
  let update: (next: RowState) => void = () => {};
  function Harness() {
    const [state, setState] = useState(initial);
    update = setState;
    return (
      <div role="list" aria-label="Voices">
        <VoiceRow
          rowIndex={0}
          top={0}
          height={330}
          columns={3}
          gap={16}
          voices={voices}
          scope="all"
          tabbableIndex={0}
          compareIds={[]}
          onToggleCompare={() => {}}
          measureRef={null}
          fastScroll={state.fastScroll}
          deferred={state.deferred}
        />
      </div>
    );
  }
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/voices',
    component: Harness,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/voices'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return (next: RowState) => act(() => update(next));
}

const playButtons = () => screen.queryAllByRole('button', { name: /^Play Preview of/ });

describe('VoiceRow', () => {
  it('shows its slice of the list as list items with their positions', async () => {
    renderRow({ deferred: false, fastScroll: false });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(['1', '2', '3']);
    expect(items[0]).toHaveAttribute('aria-setsize', '4');
    expect(playButtons()).toHaveLength(3);
  });

  it('mounted deferred, fills its players in when the main thread is idle', async () => {
    renderRow({ deferred: true, fastScroll: false });
    await screen.findByRole('article', { name: 'Aria' });
    expect(playButtons()).toHaveLength(0);
    act(() => idle.shift()!());
    expect(playButtons()).toHaveLength(3);
  });

  it('mounted deferred, fills them in at once when a card gets the focus', async () => {
    renderRow({ deferred: true, fastScroll: false });
    const card = await screen.findByRole('article', { name: 'Marcus' });
    act(() => card.focus());
    expect(within(card).getByRole('button', { name: 'Play Preview of Marcus' })).toBeEnabled();
    expect(card).toHaveFocus();
  });

  it('mounted deferred, fills them in at once when pointed at', async () => {
    renderRow({ deferred: true, fastScroll: false });
    const card = await screen.findByRole('article', { name: 'Olivia' });
    fireEvent.pointerOver(card);
    expect(playButtons()).toHaveLength(3);
  });

  describe('mounted in a fast scroll', () => {
    const fast = { deferred: true, fastScroll: true };

    it('shows skeleton cards with the voices’ names and positions, and no controls', async () => {
      renderRow(fast);
      const items = await screen.findAllByRole('listitem');
      ['Aria', 'Marcus', 'Olivia'].forEach((name, i) => expect(items[i]).toHaveTextContent(name));
      expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(['1', '2', '3']);
      expect(screen.queryAllByRole('article')).toHaveLength(0);
      expect(screen.queryAllByRole('button')).toHaveLength(0);
    });

    it('fills nothing in while the scroll stays fast, even when the main thread is idle', async () => {
      renderRow(fast);
      await screen.findAllByRole('listitem');
      expect(idle).toHaveLength(0);
      fireEvent.pointerOver(screen.getAllByRole('listitem')[0]!);
      expect(screen.queryAllByRole('article')).toHaveLength(0);
    });

    it('on screen when the scroll stops, turns into cards at once, then gets its players', async () => {
      const update = renderRow(fast);
      await screen.findAllByRole('listitem');
      update({ deferred: false, fastScroll: false });
      expect(screen.getAllByRole('article')).toHaveLength(3);
      expect(playButtons()).toHaveLength(0);
      act(() => idle.shift()!());
      expect(playButtons()).toHaveLength(3);
    });

    it('off screen when the scroll slows down, turns into cards when the main thread is idle', async () => {
      const update = renderRow(fast);
      await screen.findAllByRole('listitem');
      update({ deferred: true, fastScroll: false });
      expect(screen.queryAllByRole('article')).toHaveLength(0);
      act(() => idle.shift()!());
      expect(screen.getAllByRole('article')).toHaveLength(3);
      act(() => idle.shift()!());
      expect(playButtons()).toHaveLength(3);
    });

    it('never goes back to skeletons once it has cards', async () => {
      const update = renderRow({ deferred: false, fastScroll: false });
      await screen.findAllByRole('article');
      update(fast);
      expect(screen.getAllByRole('article')).toHaveLength(3);
      expect(playButtons()).toHaveLength(3);
    });
  });
});
