import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
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

afterEach(() => vi.unstubAllGlobals());

function renderRow(deferred: boolean) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/voices',
    component: () => (
      <div role="list" aria-label="Voices">
        <VoiceRow
          rowIndex={0}
          top={0}
          columns={3}
          gap={16}
          voices={voices}
          scope="all"
          tabbableIndex={0}
          compareIds={[]}
          onToggleCompare={() => {}}
          measureRef={null}
          deferred={deferred}
        />
      </div>
    ),
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
}

const playButtons = () => screen.queryAllByRole('button', { name: /^Play Preview of/ });

describe('VoiceRow', () => {
  it('shows its slice of the list as list items with their positions', async () => {
    renderRow(false);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(['1', '2', '3']);
    expect(items[0]).toHaveAttribute('aria-setsize', '4');
    expect(playButtons()).toHaveLength(3);
  });

  it('mounted deferred, fills its players in when the main thread is idle', async () => {
    renderRow(true);
    await screen.findByRole('article', { name: 'Aria' });
    expect(playButtons()).toHaveLength(0);
    act(() => idle.shift()!());
    expect(playButtons()).toHaveLength(3);
  });

  it('mounted deferred, fills them in at once when a card gets the focus', async () => {
    renderRow(true);
    const card = await screen.findByRole('article', { name: 'Marcus' });
    act(() => card.focus());
    expect(within(card).getByRole('button', { name: 'Play Preview of Marcus' })).toBeEnabled();
    expect(card).toHaveFocus();
  });

  it('mounted deferred, fills them in at once when pointed at', async () => {
    renderRow(true);
    const card = await screen.findByRole('article', { name: 'Olivia' });
    fireEvent.pointerOver(card);
    expect(playButtons()).toHaveLength(3);
  });
});
