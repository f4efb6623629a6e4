import { describe, expect, it } from 'vitest';
import {
  formatGain,
  formatLoudness,
  gainsText,
  isSwitchKey,
  matchingGains,
  otherSide,
  sharedDuration,
  sides,
  switchPosition,
  toggleCompareChoice,
  volumeForGain,
} from './compare-model';

describe('choosing takes to compare', () => {
  it('keeps up to two choices in the order made, and unticks', () => {
    expect(toggleCompareChoice([], 'a')).toEqual(['a']);
    expect(toggleCompareChoice(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleCompareChoice(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleCompareChoice(['a'], 'a')).toEqual([]);
  });

  it('replaces the oldest choice when a third take is ticked', () => {
    expect(toggleCompareChoice(['a', 'b'], 'c')).toEqual(['b', 'c']);
  });
});

describe('loudness matching', () => {
  it('cuts the louder take to the quieter one and leaves the quieter as it is', () => {
    expect(matchingGains(-14.2, -16)).toEqual({ A: -1.8, B: 0 });
    expect(matchingGains(-20, -11.5)).toEqual({ A: 0, B: -8.5 });
    expect(matchingGains(-16, -16)).toEqual({ A: 0, B: 0 });
  });

  it('applies the gain it shows: a cut rounds to the tenth, and one under half a tenth is none', () => {
    expect(matchingGains(-16, -18.26)).toEqual({ A: -2.3, B: 0 });
    expect(matchingGains(-16, -16.04)).toEqual({ A: 0, B: 0 });
    expect(Object.is(matchingGains(-16, -16.04)!.A, 0)).toBe(true);
  });

  it('does not match to a silent or unmeasured take', () => {
    expect(matchingGains(-Infinity, -16)).toBeNull();
    expect(matchingGains(-16, Number.NaN)).toBeNull();
  });

  it('turns a gain into an element volume that never exceeds full', () => {
    expect(volumeForGain(0)).toBe(1);
    expect(volumeForGain(-6.02)).toBeCloseTo(0.5, 3);
    expect(volumeForGain(-20)).toBeCloseTo(0.1, 6);
    expect(volumeForGain(3)).toBe(1);
  });

  it('says the gains with a real minus sign', () => {
    expect(formatGain(-1.8)).toBe('−1.8 dB');
    expect(formatGain(0)).toBe('0.0 dB');
    expect(formatGain(-0.04)).toBe('0.0 dB');
    expect(formatGain(1.8)).toBe('+1.8 dB');
    expect(gainsText({ A: -1.8, B: 0 })).toBe('A −1.8 dB · B 0.0 dB');
    expect(formatLoudness(-16.24)).toBe('−16.2 LUFS');
    expect(formatLoudness(-Infinity)).toBe('silent');
    expect(formatLoudness(Number.NaN)).toBe('silent');
    expect(formatLoudness(0)).toBe('0.0 LUFS');
    expect(formatLoudness(2.25)).toBe('2.3 LUFS');
  });
});

describe('switching takes', () => {
  it('lays out take A before take B, each the other of the other', () => {
    expect(sides).toEqual(['A', 'B']);
    expect(sides.map(otherSide)).toEqual([...sides].reverse());
  });

  it('goes to the other take at the same position, within its length', () => {
    expect(otherSide('A')).toBe('B');
    expect(otherSide('B')).toBe('A');
    expect(switchPosition(4.25, 10)).toBe(4.25);
    expect(switchPosition(12, 10)).toBe(10);
    expect(switchPosition(3, 0)).toBe(3);
    expect(switchPosition(3, Number.NaN)).toBe(3);
    expect(switchPosition(-0.5, 10)).toBe(0);
    expect(switchPosition(10, 10)).toBe(10);
    expect(sharedDuration({ A: 8, B: 11.5 })).toBe(11.5);
    expect(sharedDuration({ A: 9, B: 2 })).toBe(9);
    expect(sharedDuration({ A: 0, B: 0 })).toBe(0);
  });

  it('switches on X, but not with a modifier or while typing', () => {
    const key = (key: string, target: EventTarget | null = null, mods = {}) => ({
      key,
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      target,
      ...mods,
    });
    const radio = Object.assign(document.createElement('input'), { type: 'radio' });
    const search = Object.assign(document.createElement('input'), { type: 'search' });
    expect(isSwitchKey(key('x'))).toBe(true);
    expect(isSwitchKey(key('X', radio))).toBe(true);
    expect(isSwitchKey(key('x', document.createElement('div')))).toBe(true);
    expect(isSwitchKey(key('x', search))).toBe(false);
    expect(isSwitchKey(key('x', document.createElement('textarea')))).toBe(false);
    expect(isSwitchKey(key('x', null, { ctrlKey: true }))).toBe(false);
    expect(isSwitchKey(key('z'))).toBe(false);
  });

  it('switches from any button-like control, but not from a text field, list or editable text', () => {
    const key = (target: EventTarget) => ({
      key: 'x',
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      target,
    });
    const input = (type: string) => Object.assign(document.createElement('input'), { type });
    for (const type of ['checkbox', 'radio', 'button', 'submit', 'reset', 'range'])
      expect(isSwitchKey(key(input(type))), type).toBe(true);
    for (const type of ['text', 'search', 'number', 'email'])
      expect(isSwitchKey(key(input(type))), type).toBe(false);
    expect(isSwitchKey(key(document.createElement('input')))).toBe(false);
    expect(isSwitchKey(key(document.createElement('select')))).toBe(false);
    expect(isSwitchKey(key(document.createElement('button')))).toBe(true);
    // jsdom does not compute isContentEditable, so the element says it as a browser would.
    const editable = document.createElement('div');
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isSwitchKey(key(editable))).toBe(false);
    expect(isSwitchKey(key(window))).toBe(true);
  });

  it('leaves X with any modifier to the browser', () => {
    const key = (mods: object) => ({
      key: 'x',
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      target: null,
      ...mods,
    });
    expect(isSwitchKey(key({ altKey: true }))).toBe(false);
    expect(isSwitchKey(key({ ctrlKey: true }))).toBe(false);
    expect(isSwitchKey(key({ metaKey: true }))).toBe(false);
  });
});
