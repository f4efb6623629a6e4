import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeDecoder, type DecoderCalls } from '../../lib/audio/test-audio-context';
import { readWav } from '../../lib/audio/test-wav-decoder';
import { encodeWav } from '../../lib/audio/wav';
import { ClipTrimmer } from './clip-trimmer';

const rate = 8000;
const ramp = Float32Array.from({ length: rate * 6 }, (_, i) => (i % 100) / 200);

let calls: DecoderCalls;
beforeEach(() => {
  calls = installFakeDecoder();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:take');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTrimmer() {
  const onTrimmed = vi.fn<(trimmed: File) => void>();
  const file = new File([encodeWav([ramp], rate)], 'take.mp3', { type: 'audio/mpeg' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ClipTrimmer file={file} onTrimmed={onTrimmed} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return { onTrimmed };
}

describe('ClipTrimmer', () => {
  it('applies the trim to the clip it has read: a WAV of the region, decoded once', async () => {
    const user = userEvent.setup();
    const { onTrimmed } = renderTrimmer();
    const start = await screen.findByRole('slider', { name: 'Trim start' });
    expect(start).toHaveAttribute('aria-valuetext', '0.0 s of 6.0 s');
    start.focus();
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    screen.getByRole('slider', { name: 'Trim end' }).focus();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Apply trim' }));

    await waitFor(() => expect(onTrimmed).toHaveBeenCalledOnce());
    const trimmed = onTrimmed.mock.calls[0]![0];
    expect(trimmed.name).toBe('take.wav');
    expect(trimmed.type).toBe('audio/wav');
    const { channels } = await readWav(trimmed);
    expect(channels[0]).toHaveLength(3 * rate);
    expect(channels[0]![0]).toBeCloseTo(ramp[2 * rate]!, 4);
    expect(calls.decodes).toBe(1);
  });
});
