import { formatDuration } from '../../../lib/format-duration';
import type { MediaItem } from '../extract-media';

/** "1024 × 768 · 0:05": what the data says about an output's size and length, if anything. */
export function mediaFacts(item: MediaItem): string {
  const facts: string[] = [];
  if (item.width && item.height) facts.push(`${item.width} × ${item.height}`);
  if (item.durationS) facts.push(formatDuration(item.durationS));
  return facts.join(' · ');
}
