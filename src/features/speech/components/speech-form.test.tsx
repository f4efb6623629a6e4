import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Voice } from '../../../api/contract/voices';
import { emptySpeechDraft } from '../draft-store';
import type { SpeechFormValues } from '../speech-form-schema';
import { SpeechForm } from './speech-form';

const aria: Voice = {
  voice_id: 'en_aria',
  name: 'Aria',
  description: 'Warm narrator.',
  gender: 'female',
  language: 'en',
  audio_url: 'http://localhost/api/v1/media/a/aria.mp3',
  audio_cid: 'sha256:0',
  tags: ['narration'],
  is_default: true,
  is_precompiled: true,
  usage_count: 1,
};

function setup(props: Partial<Parameters<typeof SpeechForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: SpeechFormValues) => void>();
  const onDraftChange = vi.fn();
  const view = render(
    <SpeechForm
      defaultValues={emptySpeechDraft}
      voices={[aria]}
      voicesLoading={false}
      defaultVoiceId="en_aria"
      onSubmit={onSubmit}
      onDraftChange={onDraftChange}
      pending={false}
      {...props}
    />,
  );
  return { onSubmit, onDraftChange, view, user: userEvent.setup() };
}

/** A text typed and Synthesize pressed while the catalog is still on its way. */
async function submitWhileCatalogLoads() {
  const props = {
    defaultValues: { ...emptySpeechDraft, text: 'Hello' },
    onDraftChange: vi.fn(),
    pending: false,
  };
  const onSubmit = vi.fn<(values: SpeechFormValues) => void>();
  const { rerender } = render(
    <SpeechForm {...props} voices={[]} voicesLoading onSubmit={onSubmit} />,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Synthesize' }));
  return { props, onSubmit, rerender };
}

describe('SpeechForm', () => {
  it('shows a missing text beside the field and does not submit', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Synthesize' }));
    const text = screen.getByRole('textbox', { name: 'Text' });
    // The form's schema loads on first use.
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    expect(text).toHaveAccessibleDescription(/Text must not be empty/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the default voice from the render the catalog arrives in, never no voice between', () => {
    // What the picker says in every commit: a commit with the catalog but no voice would drop
    // the preview row for a moment, and the fields below would jump up and back.
    const said: string[] = [];
    const form = (voices: Voice[], loading: boolean, defaultVoiceId?: string) => (
      <Profiler id="speech-form" onRender={() => said.push(document.body.textContent ?? '')}>
        <SpeechForm
          defaultValues={emptySpeechDraft}
          voices={voices}
          voicesLoading={loading}
          defaultVoiceId={defaultVoiceId}
          onSubmit={vi.fn()}
          onDraftChange={vi.fn()}
          pending={false}
        />
      </Profiler>
    );
    const { rerender } = render(form([], true));
    expect(said.at(-1)).toContain('Loading the voice catalog…');

    const before = said.length;
    rerender(form([aria], false, 'en_aria'));
    const afterCatalog = said.slice(before);
    expect(afterCatalog.length).toBeGreaterThan(0);
    for (const text of afterCatalog) {
      expect(text).toContain('Warm narrator.');
      expect(text).not.toContain('Type a name, language or gender to search.');
    }
  });

  it('submits with Ctrl+Enter, with the catalog’s default voice and the defaults', async () => {
    const { onSubmit, user } = setup();
    const text = screen.getByRole('textbox', { name: 'Text' });
    await user.type(text, 'Hello');
    expect(screen.getByText('5 / 5,000 characters')).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      text: 'Hello',
      voice_id: 'en_aria',
      speed: 1,
      format: 'mp3',
      sample_rate: 44100,
      mode: 'sync',
    });
  });

  it('sent before the catalog arrives, waits for it and goes with the voice the picker then shows', async () => {
    const { props, onSubmit, rerender } = await submitWhileCatalogLoads();
    const waiting = screen.getByRole('button', { name: 'Loading voices…' });
    expect(waiting).toBeDisabled();
    // Nothing is said about a missing voice: there is one on its way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText(/must not be empty/)).not.toBeInTheDocument();

    rerender(
      <SpeechForm
        {...props}
        voices={[aria]}
        voicesLoading={false}
        defaultVoiceId="en_aria"
        onSubmit={onSubmit}
      />,
    );
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ text: 'Hello', voice_id: 'en_aria' });
    expect(screen.getByRole('button', { name: 'Synthesize' })).toBeEnabled();
    expect(screen.queryByText(/must not be empty/)).not.toBeInTheDocument();
  });

  it('sent while the catalog fails, names the missing voice by its label and sends nothing', async () => {
    const { props, onSubmit, rerender } = await submitWhileCatalogLoads();
    rerender(
      <SpeechForm
        {...props}
        voices={[]}
        voicesLoading={false}
        voicesError="The catalog could not be read"
        onSubmit={onSubmit}
      />,
    );
    expect(await screen.findByText('Voice must not be empty')).toBeInTheDocument();
    expect(screen.queryByText(/voice_id/)).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('drops the complaint of a missing voice once the default voice arrives', async () => {
    const props = {
      defaultValues: { ...emptySpeechDraft, text: 'Hello' },
      onDraftChange: vi.fn(),
      onSubmit: vi.fn(),
      pending: false,
    };
    const user = userEvent.setup();
    const { rerender } = render(<SpeechForm {...props} voices={[]} voicesLoading={false} />);
    await user.click(screen.getByRole('button', { name: 'Synthesize' }));
    expect(await screen.findByText('Voice must not be empty')).toBeInTheDocument();
    rerender(
      <SpeechForm {...props} voices={[aria]} voicesLoading={false} defaultVoiceId="en_aria" />,
    );
    await waitFor(() =>
      expect(screen.queryByText('Voice must not be empty')).not.toBeInTheDocument(),
    );
  });

  it('cannot be sent twice while a request is pending', async () => {
    const { onSubmit, user } = setup({
      pending: true,
      defaultValues: { ...emptySpeechDraft, text: 'Hi' },
    });
    const button = screen.getByRole('button', { name: 'Synthesizing…' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Text' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts a field error from the service beside its field', async () => {
    setup({ serverErrors: { voice_id: 'no voice named "x"' } });
    // The picker's code loads after the form: its stand-in is not a combobox.
    const voice = await screen.findByRole('combobox', { name: 'Voice' });
    expect(voice).toHaveAttribute('aria-invalid', 'true');
    expect(voice).toHaveAccessibleDescription(/no voice named "x"/);
  });

  it('sends the speed, format and sample rate as chosen', async () => {
    const { onSubmit, user } = setup({ defaultValues: { ...emptySpeechDraft, text: 'Hi' } });
    await user.click(screen.getByRole('radio', { name: 'WAV' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sample rate' }), '22050');
    await user.click(screen.getByRole('button', { name: 'Synthesize' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ format: 'wav', sample_rate: 22050 });
  });
});
