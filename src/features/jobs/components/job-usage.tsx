import { Link } from '@tanstack/react-router';
import { CopyButton } from '../../../components/copy-button';
import type { TrackedJobKind } from '../../../lib/tracked-jobs';

/** How to use what a completed job made: its name is the voice_id or the lora_name. */
export function JobUsage({ kind, name }: { kind: TrackedJobKind; name: string }) {
  if (kind === 'voice') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          The voice is in your catalog as <code className="font-semibold break-all">{name}</code>,
          its voice_id for speech synthesis.
        </p>
        <Link
          to="/speech"
          search={{ tab: 'speech', voice: name }}
          className="inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Try this voice
        </Link>
      </div>
    );
  }
  const where = kind === 'music_lora' ? 'music generation calls' : 'video generation calls';
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex items-center gap-2">
        <span className="text-zinc-600 dark:text-zinc-400">lora_name</span>
        <code className="rounded bg-zinc-100 px-2 py-0.5 font-semibold dark:bg-zinc-800">
          {name}
        </code>
        <CopyButton value={name} label="lora_name" />
      </div>
      <p className="text-zinc-600 dark:text-zinc-400">
        Pass it as <code>lora_name</code> on {where}
        {kind === 'video_lora' && ' (inside parameters)'}.
      </p>
    </div>
  );
}
