import { firstWords } from '../../api/contract/first-words';
import type { HistoryImportEntry } from '../../api/contract/history';
import { historyAudioPath } from '../../api/contract/history-paths';
import { blobToBase64 } from '../../lib/import-helpers';
import { listHistory } from './history-store';

/** The takes this browser kept before the gateway kept them; sync takes bring their audio. */
export async function speechImportEntries(): Promise<HistoryImportEntry[]> {
  const takes = await listHistory();
  return Promise.all(
    takes.map(async (take): Promise<HistoryImportEntry> => {
      const id = `local_${take.id}`;
      const { settings, info } = take;
      const params: Record<string, unknown> = {
        text: settings.text,
        voice_id: settings.voice_id,
        format: settings.format,
        sample_rate: settings.sample_rate,
        ...(settings.mode === 'sync' && { speed: settings.speed }),
      };
      const url = take.audio ? historyAudioPath(id) : take.audioUrl;
      return {
        id,
        kind: take.audio ? 'speech' : 'speech_async',
        name: firstWords(settings.text),
        params,
        created_at: take.created_at,
        status: 'completed',
        latest: null,
        result: url
          ? {
              urls: [url],
              file_ids: [],
              format: take.format,
              ...(info.durationMs !== undefined && { duration_s: info.durationMs / 1000 }),
              ...(info.sampleRate !== undefined && { sample_rate: info.sampleRate }),
              ...(info.size !== undefined && { size: info.size }),
            }
          : null,
        cost: null,
        error: null,
        readings: [],
        ...(take.audio && {
          audio_base64: await blobToBase64(take.audio),
          audio_content_type: take.audio.type || 'application/octet-stream',
        }),
      };
    }),
  );
}
