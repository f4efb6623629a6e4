import { designedVoiceTag } from '../../api/contract/voice-scopes';
import type { Voice, VoiceScope } from '../../api/contract/voices';
import { formatCompact, formatCount } from '../../lib/format-number';

export type VoiceBadge = 'default' | 'precompiled' | 'designed' | 'custom';

/** Runtime-created voices carry this tag in the emulator; the scope says it when listing `custom`. */
const customVoiceTag = 'custom';

export const badgeLabels: Record<VoiceBadge, string> = {
  default: 'Default',
  precompiled: 'Precompiled',
  designed: 'Designed',
  custom: 'Custom',
};

export function voiceBadges(voice: Voice, scope: VoiceScope): VoiceBadge[] {
  const badges: VoiceBadge[] = [];
  if (voice.is_default) badges.push('default');
  if (scope === 'custom' || voice.tags.includes(customVoiceTag)) badges.push('custom');
  if (voice.tags.includes(designedVoiceTag)) badges.push('designed');
  if (voice.is_precompiled) badges.push('precompiled');
  return badges;
}

/** Tags worth showing as chips on a card: those already shown as a badge are left out. */
export function displayTags(voice: Voice): string[] {
  return voice.tags.filter((tag) => tag !== customVoiceTag && tag !== designedVoiceTag);
}

/** "18.2K uses", with the exact figure for a tooltip. */
export function formatUsage(count: number): { short: string; long: string } {
  const unit = count === 1 ? 'use' : 'uses';
  return { short: `${formatCompact(count)} ${unit}`, long: `${formatCount(count)} ${unit}` };
}

const genderLabels: Record<string, string> = { female: 'Female', male: 'Male', neutral: 'Neutral' };

/** Known genders capitalised; anything else the service sends is shown as it is. */
export function genderLabel(gender: string): string {
  return genderLabels[gender] ?? gender;
}

/** A stable hue per voice, so each avatar keeps its colour across renders and sessions. */
export function voiceHue(voiceId: string): number {
  let hash = 0;
  for (const char of voiceId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}
