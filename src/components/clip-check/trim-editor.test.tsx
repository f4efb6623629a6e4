import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TrimEditor } from './trim-editor';
import type { TrimRegion } from './trim-region';

function renderEditor({
  proposal = null,
  apply = vi.fn<(region: TrimRegion) => Promise<void>>().mockResolvedValue(undefined),
  onCancel = vi.fn(),
}: {
  proposal?: TrimRegion | null;
  apply?: (region: TrimRegion) => Promise<void>;
  onCancel?: () => void;
} = {}) {
  render(
    <TrimEditor
      name="Recording 2.wav"
      duration={12.4}
      proposeTrim={() => proposal}
      apply={apply}
      onCancel={onCancel}
    />,
  );
  return { apply, onCancel };
}

const slider = (name: string) => screen.getByRole('slider', { name });

describe('TrimEditor', () => {
  it('opens on the whole clip, named, with the focus in it', () => {
    renderEditor();
    expect(screen.getByRole('group', { name: 'Trim Recording 2.wav' })).toBeInTheDocument();
    expect(screen.getByText('Trim Recording 2.wav')).toHaveFocus();
    expect(slider('Trim start')).toHaveAttribute('aria-valuetext', '0.0 s of 12.4 s');
    expect(slider('Trim end')).toHaveAttribute('aria-valuetext', '12.4 s of 12.4 s');
    expect(slider('Trim region position')).toHaveAttribute(
      'aria-valuetext',
      '0.0 s to 12.4 s of 12.4 s',
    );
  });

  it('moves the edges from the keyboard: arrows 0.1 s, Shift 1 s, Home and End', async () => {
    const user = userEvent.setup();
    renderEditor();
    slider('Trim start').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowRight}{/Shift}');
    expect(slider('Trim start')).toHaveAttribute('aria-valuetext', '1.2 s of 12.4 s');
    expect(slider('Trim start')).toHaveAttribute('aria-valuenow', '1.2');

    slider('Trim end').focus();
    await user.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}{ArrowDown}');
    expect(slider('Trim end')).toHaveAttribute('aria-valuetext', '10.3 s of 12.4 s');
    // The end's lowest value follows the start: half a second after it.
    expect(slider('Trim end')).toHaveAttribute('aria-valuemin', '1.7');
    expect(screen.getByText('Keeping 9.1 s of 12.4 s.')).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(slider('Trim end')).toHaveAttribute('aria-valuetext', '12.4 s of 12.4 s');
  });

  it('clamps: the start never passes the end, nor the end the clip', async () => {
    const user = userEvent.setup();
    renderEditor();
    slider('Trim end').focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(slider('Trim end')).toHaveAttribute('aria-valuetext', '12.4 s of 12.4 s');
    await user.keyboard('{Home}');
    expect(slider('Trim end')).toHaveAttribute('aria-valuetext', '0.5 s of 12.4 s');
    slider('Trim start').focus();
    await user.keyboard('{End}{Shift>}{ArrowRight}{/Shift}');
    expect(slider('Trim start')).toHaveAttribute('aria-valuetext', '0.0 s of 12.4 s');
    await user.keyboard('{ArrowLeft}');
    expect(slider('Trim start')).toHaveAttribute('aria-valuetext', '0.0 s of 12.4 s');
  });

  it('moves the whole region from the keyboard, keeping its length', async () => {
    const user = userEvent.setup();
    renderEditor();
    slider('Trim end').focus();
    await user.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}');
    slider('Trim region position').focus();
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}{ArrowRight}');
    expect(slider('Trim start')).toHaveAttribute('aria-valuetext', '2.1 s of 12.4 s');
    expect(slider('Trim end')).toHaveAttribute('aria-valuetext', '10.5 s of 12.4 s');
    await user.keyboard('{End}');
    expect(slider('Trim region position')).toHaveAttribute(
      'aria-valuetext',
      '4.0 s to 12.4 s of 12.4 s',
    );
  });

  it('Trim silence sets the proposed region, or says there is nothing to trim', async () => {
    const user = userEvent.setup();
    renderEditor({ proposal: { start: 0.8, end: 9.2 } });
    await user.click(screen.getByRole('button', { name: 'Trim silence' }));
    expect(slider('Trim start')).toHaveAttribute('aria-valuetext', '0.8 s of 12.4 s');
    expect(slider('Trim end')).toHaveAttribute('aria-valuetext', '9.2 s of 12.4 s');
    expect(screen.getByRole('status')).toHaveTextContent('keeping 0.8 s to 9.2 s');
  });

  it('says so when there is no silence to trim', async () => {
    const user = userEvent.setup();
    renderEditor({ proposal: null });
    await user.click(screen.getByRole('button', { name: 'Trim silence' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Nothing to trim/);
    expect(slider('Trim end')).toHaveAttribute('aria-valuetext', '12.4 s of 12.4 s');
  });

  it('Apply trim hands over the region; Cancel does not', async () => {
    const user = userEvent.setup();
    const { apply, onCancel } = renderEditor();
    slider('Trim start').focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(apply).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Apply trim' }));
    expect(apply).toHaveBeenCalledWith({ start: 1, end: 12.4 });
  });

  it('Escape cancels from anywhere in the trimmer', async () => {
    const user = userEvent.setup();
    const { apply, onCancel } = renderEditor();
    slider('Trim end').focus();
    await user.keyboard('{ArrowLeft}{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(apply).not.toHaveBeenCalled();
  });

  it('shows why a trim failed and lets the user try again', async () => {
    const user = userEvent.setup();
    const apply = vi.fn().mockRejectedValueOnce(new Error('out of memory'));
    renderEditor({ apply });
    await user.click(screen.getByRole('button', { name: 'Apply trim' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not trim Recording 2.wav: out of memory',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply trim' })).toBeEnabled());
  });
});
