import type { Voice } from '../../../api/contract/voices';
import { VoiceAvatar } from './voice-avatar';

/**
 * A voice card as a fast scroll carries it past: the card's frame, avatar and name, with the
 * rest drawn as placeholder bars by one element's background. It costs a handful of DOM nodes
 * where a whole card costs about forty, so a fling through ten thousand voices keeps every
 * frame short; the row turns into real cards once the scroll slows down (see VoiceRow).
 */
export function VoiceCardSkeleton({ voice }: { voice: Voice }) {
  return (
    <div className="flex h-full flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-center gap-3">
        <VoiceAvatar voiceId={voice.voice_id} name={voice.name} />
        <p className="min-w-0 truncate text-[15px] leading-6 font-semibold">{voice.name}</p>
      </div>
      <div aria-hidden="true" className="voice-card-bars min-h-0 flex-1" />
    </div>
  );
}
