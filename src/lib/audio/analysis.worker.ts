/*
 * Measures a decoded clip off the main thread. Kept to analyse-clip and what it imports, so the
 * worker's own bundle stays a few kilobytes.
 */
import { analyseClip } from './analyse-clip';
import type { AnalysisRequest, AnalysisResponse } from './analysis-messages';

self.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  const { channels, sampleRate } = event.data;
  let response: AnalysisResponse;
  try {
    response = { report: analyseClip(channels, sampleRate) };
  } catch (error) {
    response = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(response);
};
