import { invalidRequest } from '../http/errors';

/**
 * The spec shows no maximum text length. 5000 characters is about five minutes of speech,
 * which espeak renders in ~2 s; longer texts belong in several requests (docs/api-decisions.md).
 */
export const maxSpeechTextLength = 5000;

/** Counts characters (code points), not UTF-16 units, so CJK and emoji count once each. */
export function checkSpeechText(text: string, field = 'text'): void {
  if (text.length <= maxSpeechTextLength) return; // at most this many code points: fast path
  const length = [...text].length;
  if (length > maxSpeechTextLength) {
    throw invalidRequest(
      `${field}: must be at most ${maxSpeechTextLength} characters (got ${length})`,
    );
  }
}
