/** What an uploaded or fetched file is, read from its bytes (never from its name). */
export interface MediaInfo {
  kind: 'audio' | 'video' | 'image';
  /** Container or codec family: 'wav', 'mp3', 'ogg', 'opus', 'flac', 'mp4', 'png', ... */
  format: string;
  contentType: string;
  durationS?: number;
  sampleRate?: number;
  channels?: number;
  width?: number;
  height?: number;
}
