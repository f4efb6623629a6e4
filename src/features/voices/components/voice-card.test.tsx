import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Voice } from '../../../api/contract/voices';
import { makeVoice } from '../test/voice-fixtures';
import { VoiceCard, type VoiceCardProps } from './voice-card';

function renderCard(voice: Voice, props: Partial<VoiceCardProps> = {}) {
  const onToggleCompare = vi.fn();
  const root = createRootRoute();
  const voices = createRoute({
    getParentRoute: () => root,
    path: '/voices',
    component: () => (
      <VoiceCard
        voice={voice}
        scope="all"
        index={0}
        tabbable
        compareSelected={false}
        compareDisabled={false}
        onToggleCompare={onToggleCompare}
        {...props}
      />
    ),
  });
  const speech = createRoute({ getParentRoute: () => root, path: '/speech' });
  const router = createRouter({
    routeTree: root.addChildren([voices, speech]),
    history: createMemoryHistory({ initialEntries: ['/voices'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onToggleCompare };
}

const aria = makeVoice({
  voice_id: 'en_aria',
  name: 'Aria',
  description: 'Warm, clear American narrator.',
  language: 'fr',
  gender: 'female',
  tags: ['narration', 'designed', 'custom'],
  is_default: true,
  is_precompiled: true,
  usage_count: 18230,
  video_url: 'https://media.example.com/en_aria.mp4',
});

describe('VoiceCard', () => {
  it('shows the voice, its badges and tags from props', async () => {
    renderCard(aria);
    const card = await screen.findByRole('article', { name: 'Aria' });
    expect(within(card).getByTitle('Language')).toHaveTextContent('French');
    expect(within(card).getByTitle('Gender')).toHaveTextContent('Female');
    expect(within(card).getByTitle('18,230 uses')).toHaveTextContent('18.2K uses');
    const badges = within(card).getByRole('list', { name: 'Badges' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Default', 'Custom', 'Designed', 'Precompiled']);
    const tags = within(card).getByRole('list', { name: 'Tags' });
    expect(tags).toHaveTextContent('narration');
    expect(tags).not.toHaveTextContent('designed');
  });

  it('links to Speech with the voice and offers to copy its ID', async () => {
    renderCard(aria);
    const card = await screen.findByRole('article', { name: 'Aria' });
    const use = within(card).getByRole('link', { name: 'Use for speech with Aria' });
    expect(use).toHaveAttribute('href', '/speech?tab=speech&voice=en_aria');
    expect(within(card).getByRole('button', { name: 'Copy voice ID of Aria' })).toBeVisible();
  });

  it('loads nothing until asked: no audio element until Play, no video until requested', async () => {
    renderCard(aria);
    const card = await screen.findByRole('article', { name: 'Aria' });
    expect(within(card).getByRole('group', { name: 'Preview of Aria' })).toBeInTheDocument();
    expect(card.querySelector('audio')).toBeNull();
    expect(card.querySelector('video')).toBeNull();
    await userEvent.click(
      within(card).getByRole('button', { name: 'Watch video preview of Aria' }),
    );
    expect(within(card).getByLabelText('Video preview of Aria')).toHaveAttribute(
      'src',
      'https://media.example.com/en_aria.mp4',
    );
  });

  it('swaps in the real player on Play, which starts at once and keeps the focus', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    renderCard(aria);
    const card = await screen.findByRole('article', { name: 'Aria' });
    await userEvent.click(within(card).getByRole('button', { name: 'Play Preview of Aria' }));
    const audio = within(card).getByLabelText('Preview of Aria', { selector: 'audio' });
    expect(audio).toHaveAttribute('src', 'https://media.example.com/en_aria.mp3');
    expect(play).toHaveBeenCalled();
    const pause = within(card).getByRole('button', { name: 'Pause Preview of Aria' });
    expect(pause).toHaveFocus();
    play.mockRestore();
  });

  it('leaves the player out of a lite card but keeps its place and the rest of the card', async () => {
    renderCard(aria, { lite: true });
    const card = await screen.findByRole('article', { name: 'Aria' });
    expect(within(card).queryByRole('button', { name: /Play/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Compare Aria' })).toBeEnabled();
    expect(within(card).getByRole('list', { name: 'Tags' })).toHaveTextContent('narration');
  });

  it('uses no media URL that is not http(s) and renders API text as text', async () => {
    renderCard(
      makeVoice({
        name: '<img src=x onerror=alert(1)>',
        audio_url: 'javascript:alert(1)',
        video_url: 'data:video/mp4;base64,AAAA',
      }),
    );
    const card = await screen.findByRole('article', { name: '<img src=x onerror=alert(1)>' });
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('audio')).toBeNull();
    expect(within(card).getByText('No playable preview.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Watch video/ })).toBeNull();
  });

  it('toggles compare with the voice', async () => {
    const { onToggleCompare } = renderCard(aria);
    await userEvent.click(await screen.findByRole('button', { name: 'Compare Aria' }));
    expect(onToggleCompare).toHaveBeenCalledWith(aria);
  });

  it('disables compare when two other voices are already compared', async () => {
    renderCard(aria, { compareDisabled: true });
    expect(await screen.findByRole('button', { name: 'Compare Aria' })).toBeDisabled();
  });
});
