import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { memo, useId, useRef, useState, type KeyboardEvent } from 'react';
import { languageName } from '../../../api/contract/language-names';
import type { Voice, VoiceScope } from '../../../api/contract/voices';
import { CopyButton } from '../../../components/copy-button';
import { safeHttpUrl } from '../../../lib/safe-url';
import { displayTags, formatUsage, genderLabel, voiceBadges } from '../voice-display';
import { CheckIcon, PlusIcon, UsageIcon } from './card-icons';
import { TryLine } from './try-line';
import { VoiceAvatar } from './voice-avatar';
import { VoiceBadges } from './voice-badges';
import { VoicePreview } from './voice-preview';
import { VoiceVideo } from './voice-video';

export interface VoiceCardProps {
  voice: Voice;
  scope: VoiceScope;
  /** Position in the shown list; the grid moves focus by it. */
  index: number;
  /** The one card of the grid reached with Tab (roving focus). */
  tabbable: boolean;
  compareSelected: boolean;
  compareDisabled: boolean;
  onToggleCompare: (voice: Voice) => void;
  /**
   * The preview player is left out, its place kept, until the row fills it in (see VoiceRow):
   * it is the costliest part of a card to mount.
   */
  lite?: boolean;
}

const chipButton =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 max-md:h-11 text-xs font-medium text-zinc-700 hover:bg-zinc-100 aria-expanded:bg-zinc-100 aria-pressed:bg-brand-50 aria-pressed:text-brand-700 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-expanded:bg-zinc-800 dark:aria-pressed:bg-brand-500/20 dark:aria-pressed:text-brand-100';

export const VoiceCard = memo(function VoiceCard({
  voice,
  scope,
  index,
  tabbable,
  compareSelected,
  compareDisabled,
  onToggleCompare,
  lite = false,
}: VoiceCardProps) {
  const previewRef = useRef<HTMLDivElement>(null);
  const [tryOpen, setTryOpen] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const nameId = useId();
  const audioUrl = safeHttpUrl(voice.audio_url, document.baseURI);
  const videoUrl = safeHttpUrl(voice.video_url, document.baseURI);
  const usage = formatUsage(voice.usage_count);
  const tags = displayTags(voice);

  // Space on the card itself plays or pauses its preview; in a field or on a button it keeps its meaning.
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== ' ' || event.target !== event.currentTarget) return;
    event.preventDefault();
    previewToggle(previewRef.current)?.click();
  }

  return (
    <article
      aria-labelledby={nameId}
      data-voice-index={index}
      tabIndex={tabbable ? 0 : -1}
      onKeyDown={onKeyDown}
      className={clsx(
        'flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-xs transition-shadow hover:shadow-md dark:bg-zinc-900',
        compareSelected
          ? 'border-brand-500 ring-1 ring-brand-500'
          : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <header className="flex items-start gap-3">
        <VoiceAvatar voiceId={voice.voice_id} name={voice.name} />
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="truncate text-[15px] leading-6 font-semibold">
            {voice.name}
          </h3>
          <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            <span title="Language">{languageName(voice.language)}</span>
            <span aria-hidden="true">·</span>
            <span title="Gender">{genderLabel(voice.gender)}</span>
          </p>
        </div>
        <button
          type="button"
          aria-pressed={compareSelected}
          disabled={compareDisabled}
          title={compareDisabled ? 'Two voices are already selected for comparison' : undefined}
          onClick={() => onToggleCompare(voice)}
          aria-label={`Compare ${voice.name}`}
          className={clsx(chipButton, 'shrink-0 border border-zinc-200 dark:border-zinc-700')}
        >
          {compareSelected ? <CheckIcon /> : <PlusIcon />}
          Compare
        </button>
      </header>

      <div className="flex min-h-5 items-center justify-between gap-2">
        <VoiceBadges badges={voiceBadges(voice, scope)} />
        <span
          title={usage.long}
          className="ml-auto inline-flex shrink-0 items-center gap-1 text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
        >
          <UsageIcon />
          {usage.short}
        </span>
      </div>

      <p className="line-clamp-2 min-h-10 text-sm text-zinc-600 dark:text-zinc-300">
        {voice.description || 'No description.'}
      </p>

      {/* Always present, so cards without tags keep the grid's rhythm. */}
      <ul aria-label="Tags" className="flex min-h-5 flex-wrap gap-1">
        {tags.map((tag) => (
          <li
            key={tag}
            className="rounded-full bg-zinc-100 px-2 py-0.5 text-[11px] leading-4 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
          >
            {tag}
          </li>
        ))}
      </ul>

      <div ref={previewRef}>
        {audioUrl && lite ? (
          <div className="h-12 rounded-lg bg-zinc-50 dark:bg-zinc-800/40" />
        ) : audioUrl ? (
          <VoicePreview src={audioUrl} voiceName={voice.name} />
        ) : (
          <p className="text-xs text-zinc-500">No playable preview.</p>
        )}
      </div>

      {videoOpen && videoUrl && <VoiceVideo src={videoUrl} voiceName={voice.name} />}
      {tryOpen && <TryLine voiceId={voice.voice_id} voiceName={voice.name} />}

      <footer className="flex flex-wrap items-center gap-1 border-t border-zinc-100 pt-3 dark:border-zinc-800">
        <Link
          to="/speech"
          search={{ tab: 'speech', voice: voice.voice_id }}
          aria-label={`Use for speech with ${voice.name}`}
          className="inline-flex h-8 items-center rounded-lg bg-brand-600 px-3 text-xs font-medium text-white hover:bg-brand-700 max-md:h-11"
        >
          Use for speech
        </Link>
        <button
          type="button"
          aria-expanded={tryOpen}
          onClick={() => setTryOpen((open) => !open)}
          aria-label={`Try a line with ${voice.name}`}
          className={chipButton}
        >
          Try a line
        </button>
        {videoUrl && (
          <button
            type="button"
            aria-expanded={videoOpen}
            onClick={() => setVideoOpen((open) => !open)}
            aria-label={`Watch video preview of ${voice.name}`}
            className={chipButton}
          >
            Watch video
          </button>
        )}
        <span className="ml-auto">
          <CopyButton value={voice.voice_id} label={`voice ID of ${voice.name}`} />
        </span>
      </footer>
    </article>
  );
});

/** The preview's own Play/Pause button, so Space does exactly what a click does. */
function previewToggle(container: HTMLElement | null): HTMLButtonElement | null {
  if (!container) return null;
  for (const button of container.querySelectorAll('button')) {
    const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
    if (/^(Play|Pause)\b/.test(name.trim())) return button;
  }
  return null;
}
