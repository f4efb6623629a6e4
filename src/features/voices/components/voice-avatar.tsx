import clsx from 'clsx';
import { initials, voiceHue } from '../voice-display';

/** A coloured monogram: the catalog has no pictures, and a stable colour helps find a voice again. */
export function VoiceAvatar({
  voiceId,
  name,
  size = 'md',
}: {
  voiceId: string;
  name: string;
  size?: 'sm' | 'md';
}) {
  const hue = voiceHue(voiceId);
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-full font-semibold text-white shadow-inner ring-1 ring-black/5 select-none dark:ring-white/10',
        size === 'sm' ? 'size-8 text-xs' : 'size-11 text-sm',
      )}
      style={{
        backgroundImage: `linear-gradient(135deg, oklch(0.72 0.15 ${hue}), oklch(0.5 0.17 ${(hue + 50) % 360}))`,
      }}
    >
      {initials(name)}
    </span>
  );
}
