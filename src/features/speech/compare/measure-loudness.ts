/**
 * Integrated loudness of audio bytes in LUFS (-Infinity when silent), measured in the browser.
 * The analysis code loads with the first measure, not with the page.
 */
export async function measureLoudness(audio: Blob): Promise<number> {
  const { analyseAudio } = await import('../../../lib/audio/analyse-audio');
  return (await analyseAudio(audio)).loudnessLufs;
}
