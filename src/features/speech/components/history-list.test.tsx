import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../../lib/history-starter';
import type { SpeechTake } from '../speech-take';
import { shownFirst } from '../../../api/contract/history-groups';
import { HistoryList } from './history-list';

const takesPerPage = shownFirst.speech;

function take(n: number, patch: Partial<SpeechTake> = {}): SpeechTake {
  const text = `Take number ${n}`;
  return {
    id: `speech_${n}`,
    kind: 'sync',
    text,
    voiceId: 'en_aria',
    created_at: '2026-03-01T10:00:00.000Z',
    status: 'completed',
    error: null,
    audio: `/api/history/speech_${n}/audio`,
    format: 'mp3',
    facts: { durationS: 1.5, sampleRate: 44100, size: 2048, format: 'mp3' },
    settings: {
      text,
      voice_id: 'en_aria',
      speed: 1,
      format: 'mp3',
      sample_rate: 44100,
      mode: 'sync',
    },
    request: { kind: 'sync', body: { text } },
    fromOtherClient: false,
    ...patch,
  };
}

function setup(takes: SpeechTake[], shared: boolean, viewer: Viewer = null) {
  const onUse = vi.fn();
  const onRemove = vi.fn();
  render(
    <HistoryList
      takes={takes}
      loading={false}
      shared={shared}
      voiceNames={new Map([['en_aria', 'Aria']])}
      curlFor={(t) => `curl ${t.id}`}
      onUse={onUse}
      onRemove={onRemove}
      viewer={viewer}
    />,
  );
  return { onUse, onRemove, user: userEvent.setup() };
}

const article = (n: number) => screen.getByRole('article', { name: `History: Take number ${n}` });

describe('HistoryList', () => {
  it('in the shared history, deletes for everyone and marks another client’s takes', async () => {
    const { onRemove, user } = setup([take(1, { fromOtherClient: true }), take(2)], true);
    expect(within(article(1)).getByText('From another client')).toBeInTheDocument();
    expect(within(article(2)).queryByText('From another client')).not.toBeInTheDocument();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(
      within(article(1)).getByRole('button', {
        name: 'Delete “Take number 1” by Aria for everyone',
      }),
    );
    expect(confirm).toHaveBeenCalledWith(
      'Remove “Take number 1” by Aria from the history of everyone on this gateway?',
    );
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ id: 'speech_1' }));
    confirm.mockRestore();
  });

  it('in this browser’s history, deletes here only', () => {
    setup([take(1)], false);
    expect(
      within(article(1)).getByRole('button', { name: 'Delete “Take number 1” by Aria' }),
    ).toBeInTheDocument();
  });

  it('shows the facts, a player that loads on play, download, curl and reuse', async () => {
    const { onUse, user } = setup([take(1)], true);
    const row = within(article(1));
    expect(row.getByText(/1\.50 s/)).toBeInTheDocument();
    expect(row.getByText(/2(\.0)? kB/)).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Play “Take number 1” by Aria' })).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/history/speech_1/audio',
    );
    await user.click(row.getByRole('button', { name: 'Show curl' }));
    expect(row.getByLabelText('this request as curl')).toHaveTextContent('curl speech_1');
    await user.click(row.getByRole('button', { name: 'Use these settings' }));
    expect(onUse).toHaveBeenCalledWith(expect.objectContaining({ text: 'Take number 1' }));
  });

  it('shows an async task still processing, without a player', () => {
    setup([take(1, { kind: 'async', status: 'processing', audio: null })], true);
    const row = within(article(1));
    expect(row.getByText('processing')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /^Play/ })).not.toBeInTheDocument();
  });

  it('draws the newest takes first and the rest on request', async () => {
    const many = Array.from({ length: takesPerPage * 2 + 5 }, (_, i) => take(i));
    const { user } = setup(many, true);
    expect(screen.getAllByRole('article')).toHaveLength(takesPerPage);
    await user.click(screen.getByRole('button', { name: `Show ${takesPerPage} more takes` }));
    expect(screen.getAllByRole('article')).toHaveLength(takesPerPage * 2);
    await user.click(screen.getByRole('button', { name: 'Show 5 more takes' }));
    expect(screen.getAllByRole('article')).toHaveLength(many.length);
    expect(screen.queryByRole('button', { name: /more takes/ })).not.toBeInTheDocument();
  });

  it('offers Delete on the viewer’s own takes and on those nobody made, not a colleague’s', () => {
    const ada = { id: 'u-ada', name: 'Ada', token: null };
    const grace = { id: 'u-grace', name: 'Grace', token: 'nightly' };
    const takes = [take(1, { startedBy: ada }), take(2, { startedBy: grace }), take(3)];
    setup(takes, true, 'u-ada');
    expect(within(article(1)).getByText('by Ada')).toBeInTheDocument();
    expect(within(article(1)).getByRole('button', { name: /for everyone$/ })).toBeInTheDocument();
    expect(within(article(2)).getByText('by Grace via token nightly')).toBeInTheDocument();
    expect(within(article(2)).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(article(3)).getByRole('button', { name: /for everyone$/ })).toBeInTheDocument();
  });

  it('offers Delete on everyone’s takes when nobody signs in (open mode)', () => {
    const grace = { id: 'u-grace', name: 'Grace', token: null };
    setup([take(1, { startedBy: grace })], true, null);
    expect(within(article(1)).getByRole('button', { name: /for everyone$/ })).toBeInTheDocument();
  });
});
