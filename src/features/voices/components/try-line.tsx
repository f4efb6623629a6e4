import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorView } from '../../../components/error-view';
import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import { tryLineMaxLength, useSpeakLine } from '../queries';

/**
 * "Try a line" on one card. It holds its own mutation because every card has its own
 * result; it only mounts when the user opens it, so idle cards cost nothing.
 */
export function TryLine({ voiceId, voiceName }: { voiceId: string; voiceName: string }) {
  const speak = useSpeakLine();
  const [text, setText] = useState('');
  const inputId = useId();
  const line = text.trim();

  return (
    <div className="space-y-3 rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (line) speak.mutate({ voiceId, text: line });
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-xs font-medium">
            Line for {voiceName}
          </label>
          <input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={tryLineMaxLength}
            placeholder="Type a short sentence…"
            autoComplete="off"
            className="block h-9 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm shadow-xs placeholder:text-zinc-400 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
        <Button type="submit" disabled={!line || speak.isPending} className="h-9 px-3">
          {speak.isPending ? 'Speaking…' : 'Speak'}
        </Button>
      </form>
      {speak.isError && (
        <ErrorView
          title="The line could not be spoken"
          error={speak.error}
          retrying={speak.isPending}
          onRetry={() => speak.variables && speak.mutate(speak.variables)}
        />
      )}
      {speak.isSuccess && (
        <WaveformPlayer
          // A new line is a new player: it starts from zero and plays at once.
          key={speak.submittedAt}
          src={speak.data.audio}
          label={`Line spoken by ${voiceName}`}
          height={40}
          autoPlay
          compact
        />
      )}
    </div>
  );
}
