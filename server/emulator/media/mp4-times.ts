import { boxes, child, type Box } from './mp4-boxes';

/**
 * Sets the creation and modification times of an MP4's movie, tracks and media to zero
 * (1904-01-01, the format's epoch), in place. The encoder stamps the wall clock there, so
 * without this the same request rendered a second later gives different bytes, and a
 * video's ETag and cache key would change with no change to what it shows.
 */
export function clearMp4Times(mp4: Uint8Array): Uint8Array {
  const root: Box = { type: '', start: 0, end: mp4.length };
  const moov = child(mp4, root, 'moov');
  if (!moov) return mp4;
  const stamped: Box[] = [];
  for (const box of boxes(mp4, moov.start, moov.end)) {
    if (box.type === 'mvhd') stamped.push(box);
    if (box.type !== 'trak') continue;
    const tkhd = child(mp4, box, 'tkhd');
    const mdia = child(mp4, box, 'mdia');
    const mdhd = mdia && child(mp4, mdia, 'mdhd');
    for (const header of [tkhd, mdhd]) if (header) stamped.push(header);
  }
  for (const header of stamped) {
    // A full box: version (1 byte) and flags (3), then the two times, 32-bit in version 0
    // and 64-bit in version 1.
    const timesEnd = header.start + 4 + (mp4[header.start] === 1 ? 16 : 8);
    if (timesEnd <= header.end) mp4.fill(0, header.start + 4, timesEnd);
  }
  return mp4;
}
