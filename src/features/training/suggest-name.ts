import { snakeCaseNameMaxLength } from '../../api/contract/training-limits';

/**
 * A snake_case name from a display name: "Chloé's Voice 2" → "chloes_voice_2". Accents are
 * stripped (NFKD, then the combining marks dropped), spaces and dashes become underscores,
 * anything else outside `[a-z0-9_]` is dropped, and the result fits the name's maximum length.
 */
export function suggestName(displayName: string): string {
  // An empty form's render asks too: its Unicode pattern and normalization would be prepared
  // then, while the page loads, for nothing.
  if (displayName === '') return '';
  return displayName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_+/, '')
    .slice(0, snakeCaseNameMaxLength)
    .replace(/_+$/, '');
}
