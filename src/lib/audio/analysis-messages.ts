import type { ClipReport } from './clip-report';

/** To the analysis worker: a decoded clip (its arrays are transferred, not copied). */
export interface AnalysisRequest {
  channels: Float32Array[];
  sampleRate: number;
}

/** From the analysis worker: the report, or why there is none. */
export type AnalysisResponse = { report: ClipReport } | { error: string };
