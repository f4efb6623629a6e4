import { afterEach, describe, expect, it, vi } from 'vitest';
import { readWaveColors, watchTheme } from './theme-colors';

describe('readWaveColors', () => {
  it('reads the colours the container sets, with the light theme’s as fallbacks', () => {
    const element = document.createElement('div');
    document.body.append(element);
    expect(readWaveColors(element)).toEqual({ waveColor: '#d4d4d8', progressColor: '#4f46e5' });
    element.style.setProperty('--wave', '#52525b');
    element.style.setProperty('--wave-progress', '#6366f1');
    expect(readWaveColors(element)).toEqual({ waveColor: '#52525b', progressColor: '#6366f1' });
    element.remove();
  });
});

describe('watchTheme', () => {
  afterEach(() => document.documentElement.classList.remove('dark'));

  it('calls back when the theme class flips, until stopped', async () => {
    const onChange = vi.fn();
    const stop = watchTheme(onChange);
    document.documentElement.classList.add('dark');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledOnce());
    stop();
    document.documentElement.classList.remove('dark');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onChange).toHaveBeenCalledOnce();
  });
});
