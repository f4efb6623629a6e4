import type { ComponentProps } from 'react';
import { vi } from 'vitest';
import type { VoiceForm } from './voice-form';

type VoiceFormProps = ComponentProps<typeof VoiceForm>;

/**
 * A voice form as the training page draws it with nothing pending: no server errors, no URL
 * clips, clips not being checked. Tests pass what they look at.
 */
export function voiceFormProps({
  clips = [],
  ...overrides
}: Partial<VoiceFormProps> & { clips?: File[] } = {}): VoiceFormProps {
  return {
    initial: { display_name: '', name: '', urls: '', clips },
    onSubmit: vi.fn(),
    pending: false,
    pendingLabel: 'Starting…',
    serverErrors: {},
    onClipsChange: vi.fn(),
    onUrlsChange: vi.fn(),
    clipView: () => ({ checking: false }),
    urlClips: [],
    clipSet: [],
    measuring: false,
    takenBy: () => null,
    ...overrides,
  };
}
