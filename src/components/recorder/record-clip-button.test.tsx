import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordClipButton } from './record-clip-button';

// jsdom has no microphone capture, MediaRecorder or Web Audio: exactly a browser that cannot
// record. The recording itself is covered in Chromium with a fake microphone
// (e2e/voice-capture.spec.ts).

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const onKeep = vi.fn();
  render(<RecordClipButton purpose="extend" onKeep={onKeep} />);
  return { onKeep, user: userEvent.setup() };
}

describe('RecordClipButton', () => {
  it('in a browser that cannot record, says so and points to the upload; Close returns focus', async () => {
    const { onKeep, user } = setup();
    const button = screen.getByRole('button', { name: 'Record a clip' });
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Record a clip' });
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('This browser cannot record here');
    expect(alert).toHaveTextContent('You can still upload an audio file instead.');
    // Nothing to retry without another browser.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Start recording' }),
    ).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
    expect(onKeep).not.toHaveBeenCalled();
  });

  it('on a page served over plain http, says recording needs https', async () => {
    vi.stubGlobal('isSecureContext', false);
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Record a clip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Recording needs a secure connection',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('https');
  });

  it('offers sentences to read in the browser’s language, a few at a time, and others on request', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-CA', 'en'], language: 'fr-CA' });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Record a clip' }));

    const language = await screen.findByRole('combobox', { name: 'Script language' });
    expect(language).toHaveValue('fr');
    const sentences = () => screen.getAllByRole('listitem').map((item) => item.textContent);
    const first = sentences();
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(first.length).toBeLessThanOrEqual(3);
    expect(screen.getAllByRole('listitem')[0]!.closest('[lang]')).toHaveAttribute('lang', 'fr');

    await user.click(screen.getByRole('button', { name: 'Next sentences' }));
    expect(sentences()).not.toEqual(first);

    await user.selectOptions(language, 'de');
    expect(screen.getAllByRole('listitem')[0]!.closest('[lang]')).toHaveAttribute('lang', 'de');
  });

  it('remembers the script language chosen last time', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Record a clip' }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Script language' }),
      'ja',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Record a clip' }));
    expect(await screen.findByRole('combobox', { name: 'Script language' })).toHaveValue('ja');
  });
});
