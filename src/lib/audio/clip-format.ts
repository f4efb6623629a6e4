import { formatDecimal } from '../format-number';
import { formatSampleRate } from '../format-duration';

// A report's figures as the clip check shows them. Negative levels use the minus sign (−), as
// audio meters print them, and silence reads "−∞" rather than a number nobody can act on.

const minus = '\u2212';

/** "−18.2", "0.5", "−∞", "∞": one decimal, the precision of any meter. */
export function formatLevel(value: number): string {
  if (value === Infinity) return '∞';
  if (value === -Infinity) return `${minus}∞`;
  const text = value.toFixed(1);
  return text === '-0.0' ? '0.0' : text.replace('-', minus);
}

/** "−18.2 LUFS" */
export const formatLufs = (lufs: number) => `${formatLevel(lufs)} LUFS`;

/** "−0.3 dBFS" */
export const formatDbfs = (dbfs: number) => `${formatLevel(dbfs)} dBFS`;

/** "38.5 dB", and for gains "+1.8 dB". */
export const formatDb = (db: number, { signed = false } = {}) =>
  `${signed && db > 0 ? '+' : ''}${formatLevel(db)} dB`;

/**
 * "0 %", "0.03 %", "1.2 %", "45 %": small shares keep two decimals, so the 0.1 % clipping
 * threshold stays readable, and large ones are whole percents.
 */
export function formatShare(share: number): string {
  const percent = share * 100;
  if (percent === 0) return '0 %';
  if (percent < 1) return `${percent.toFixed(2)} %`;
  if (percent < 10) return `${formatDecimal(percent, 1)} %`;
  return `${Math.round(percent)} %`;
}

/** "12.4 s" */
export const formatSeconds = (seconds: number) => `${formatDecimal(seconds, 1)} s`;

const layouts: Record<number, string> = { 1: 'mono', 2: 'stereo' };

/** "44.1 kHz · mono", "48 kHz · 6 channels" */
export function formatFormat(sampleRate: number, channels: number): string {
  return `${formatSampleRate(sampleRate)} · ${layouts[channels] ?? `${channels} channels`}`;
}
