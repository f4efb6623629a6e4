/** "0:03", "12:07", "1:02:03". Whole seconds, rounded down like a player's clock; unknown is "-:--". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '-:--';
  const total = Math.floor(Math.max(0, seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "512 B", "1.2 MB": decimal units, as file managers and the API's byte counts use them. */
export function formatBytes(bytes: number): string {
  return withUnit(bytes, ['B', 'kB', 'MB', 'GB', 'TB'], 1);
}

/** "128 kbps", "1.5 Mbps". */
export function formatBitrate(bitsPerSecond: number): string {
  return withUnit(bitsPerSecond, ['bps', 'kbps', 'Mbps', 'Gbps'], 1);
}

/** "44.1 kHz", "22.05 kHz", "8 kHz": two decimals so 22050 and 22000 Hz stay distinct. */
export function formatSampleRate(hertz: number): string {
  return withUnit(hertz, ['Hz', 'kHz', 'MHz'], 2);
}

function withUnit(value: number, units: string[], decimals: number): string {
  if (!Number.isFinite(value) || value < 0) return '—';
  let scaled = value;
  let unit = 0;
  // Compare the rounded value, so 999,960 B reads "1 MB" rather than "1000 kB".
  const rounded = () => Number(scaled.toFixed(unit === 0 ? 0 : decimals));
  while (rounded() >= 1000 && unit < units.length - 1) {
    scaled /= 1000;
    unit++;
  }
  return `${rounded()} ${units[unit]}`;
}
