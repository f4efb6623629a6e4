// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPlayPauseKey, seekTargetForKey, seekValueText } from './seek-keys';

describe('seekTargetForKey', () => {
  it('moves 1 s with the arrows, forward with Right/Up and back with Left/Down', () => {
    expect(seekTargetForKey('ArrowRight', 3, 12)).toBe(4);
    expect(seekTargetForKey('ArrowUp', 3, 12)).toBe(4);
    expect(seekTargetForKey('ArrowLeft', 3, 12)).toBe(2);
    expect(seekTargetForKey('ArrowDown', 3, 12)).toBe(2);
  });

  it('moves 10 s with Shift+arrows and with Page Up/Down', () => {
    expect(seekTargetForKey('ArrowRight', 0.5, 30, true)).toBe(10.5);
    expect(seekTargetForKey('ArrowLeft', 15, 30, true)).toBe(5);
    expect(seekTargetForKey('PageUp', 3, 30)).toBe(13);
    expect(seekTargetForKey('PageDown', 13, 30)).toBe(3);
  });

  it('stays within the clip and jumps to either end with Home/End', () => {
    expect(seekTargetForKey('ArrowRight', 11.5, 12)).toBe(12);
    expect(seekTargetForKey('ArrowRight', 5, 12, true)).toBe(12);
    expect(seekTargetForKey('PageDown', 4, 12)).toBe(0);
    expect(seekTargetForKey('ArrowLeft', 0.4, 12)).toBe(0);
    expect(seekTargetForKey('Home', 7, 12)).toBe(0);
    expect(seekTargetForKey('End', 7, 12.3)).toBe(12.3);
  });

  it('ignores other keys, and every key while the length is unknown', () => {
    expect(seekTargetForKey('Enter', 3, 12)).toBeNull();
    expect(seekTargetForKey(' ', 3, 12)).toBeNull();
    expect(seekTargetForKey('ArrowRight', 0, 0)).toBeNull();
    expect(seekTargetForKey('End', 0, Number.NaN)).toBeNull();
  });
});

describe('the slider keys and value', () => {
  it('plays and pauses with Space only', () => {
    expect(isPlayPauseKey(' ')).toBe(true);
    expect(isPlayPauseKey('Enter')).toBe(false);
    expect(isPlayPauseKey('k')).toBe(false);
  });

  it('speaks position, length and play state', () => {
    expect(seekValueText('0:07', '0:21', 'playing')).toBe('0:07 of 0:21, playing');
    expect(seekValueText('0:07', '0:21', 'paused')).toBe('0:07 of 0:21, paused');
    expect(seekValueText('0:00', null, 'idle')).toBe('0:00 of unknown length');
  });
});
