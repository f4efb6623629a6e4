import type { Side } from './compare-model';

// One color per take, the same in its caption; wave and progress alike, as the shared
// playhead (not each drawing's own progress) shows where both takes are.
export const sideColors: Record<Side, string> = {
  A: '[--wave:var(--color-brand-500,#6366f1)] [--wave-progress:var(--color-brand-500,#6366f1)]',
  B: '[--wave:var(--color-emerald-500,#10b981)] [--wave-progress:var(--color-emerald-500,#10b981)]',
};
