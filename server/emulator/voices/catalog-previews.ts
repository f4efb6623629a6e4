import type { Logger } from '../../logger';
import { previewLines } from '../catalog/voice-seed';
import type { MediaRecord } from '../db/media-repo';
import type { PreviewAssets } from './preview-assets';
import type { VoiceProfile } from './voice-profile';

export interface CatalogPreview {
  audio: MediaRecord;
  video: MediaRecord | null;
}

export interface CatalogPreviews {
  /** Begins rendering missing previews in the background (idempotent). */
  start(): void;
  /** Resolves once every catalog voice has its previews; starts the work if needed. */
  ready(): Promise<void>;
  /** The previews of a voice (its own, or its seed's for a padded voice); only after ready(). */
  of(profile: VoiceProfile): CatalogPreview;
  /** Ends the work after the preview in progress, so the database can close under nothing. */
  stop(): Promise<void>;
}

/** The line a voice speaks in its preview: its own language's, English for any other. */
export function previewLine(language: string): string {
  return previewLines[language] ?? previewLines.en!;
}

const performanceNow = () => Math.round(performance.now());
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createCatalogPreviews(
  voices: readonly VoiceProfile[],
  assets: PreviewAssets,
  logger: Logger,
): CatalogPreviews {
  // Only voices that own a preview render one; padded voices point at their seed's.
  const owners = voices.filter((voice) => voice.previewOf === voice.voice_id);
  const previews = new Map<string, CatalogPreview>();
  let run: Promise<void> | null = null;
  let stopped = false;

  async function build(): Promise<void> {
    for (const voice of owners) {
      if (stopped) return;
      if (previews.has(voice.voice_id)) continue;
      const audio = await assets({
        kind: 'audio',
        speech: voice.speech,
        text: previewLine(voice.language),
        filename: `${voice.voice_id}-preview.mp3`,
      });
      const video = voice.hasVideo
        ? await assets({
            kind: 'video',
            prompt: `${voice.name}: ${voice.description}`,
            filename: `${voice.voice_id}-preview.mp4`,
          })
        : null;
      previews.set(voice.voice_id, { audio, video });
      // Synthesis blocks the event loop for ~100 ms: let waiting requests through in between.
      await nextTurn();
    }
  }

  function start(): Promise<void> {
    if (!run) {
      const started = performanceNow();
      run = build().then(
        () => {
          if (!stopped) logger.info('voice previews ready', { ms: performanceNow() - started });
        },
        (error: unknown) => {
          run = null; // the next list request tries again
          throw error;
        },
      );
      // Logged here so a failed background start is never an unhandled rejection.
      run.catch((error: unknown) =>
        logger.error('voice previews failed', { error: String(error) }),
      );
    }
    return run;
  }

  return {
    start: () => void start(),
    ready: () => start(),
    of(profile) {
      const preview = previews.get(profile.previewOf);
      if (!preview) throw new Error(`No preview for ${profile.voice_id}: call ready() first.`);
      return preview;
    },
    async stop() {
      stopped = true;
      await run?.catch(() => undefined);
    },
  };
}
