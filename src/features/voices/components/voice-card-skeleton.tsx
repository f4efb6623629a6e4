import clsx from 'clsx';
import type { Voice } from '../../../api/contract/voices';
import { VoiceAvatar } from './voice-avatar';

const pulse = 'motion-safe:animate-placeholder bg-zinc-200 dark:bg-zinc-800';

/**
 * A voice card's placeholder: the card's frame, its avatar and name, and the rest drawn as
 * placeholder bars by one element's background. It costs a handful of DOM nodes where a whole
 * card costs about forty.
 *
 * With a voice, it is a card a fast scroll carries past: a fling through ten thousand voices
 * keeps every frame short, and the row turns into real cards once the scroll slows down (see
 * VoiceRow). Without one, it stands in while the catalog loads, pulsing.
 */
export function VoiceCardSkeleton({ voice }: { voice?: Voice }) {
  return (
    <div className="flex h-full flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-center gap-3">
        {voice ? (
          <>
            <VoiceAvatar voiceId={voice.voice_id} name={voice.name} />
            <p className="min-w-0 truncate text-[15px] leading-6 font-semibold">{voice.name}</p>
          </>
        ) : (
          <>
            <div className={clsx('size-11 rounded-full', pulse)} />
            <div className={clsx('h-4 w-1/2 rounded', pulse)} />
          </>
        )}
      </div>
      <div
        aria-hidden="true"
        className={clsx(
          'voice-card-bars min-h-0 flex-1',
          !voice && 'motion-safe:animate-placeholder',
        )}
      />
    </div>
  );
}
