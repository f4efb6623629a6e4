import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTheme, useTheme } from './theme';

const root = document.documentElement;
const themeCookie = () => /(?:^|; )media-studio-theme=([^;]*)/.exec(document.cookie)?.[1];

describe('the theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'media-studio-theme=; Path=/; Max-Age=0';
    delete root.dataset.theme;
    root.classList.remove('dark');
  });
  afterEach(() => localStorage.clear());

  it('tells the gateway a chosen theme by a cookie, and forgets it for the system one', () => {
    const { result } = renderHook(() => useTheme());
    act(() => result.current[1]('dark'));
    expect(themeCookie()).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(result.current[0]).toBe('dark');

    act(() => result.current[1]('light'));
    expect(themeCookie()).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);

    act(() => result.current[1]('system'));
    expect(themeCookie()).toBeUndefined();
    expect(root.dataset.theme).toBeUndefined();
  });

  it('tells the gateway the saved choice at start when the page was drawn without it', () => {
    // Chosen before the gateway drew pages with it: saved, no cookie, the page drawn plain.
    localStorage.setItem('media-studio.theme', 'dark');
    startTheme();
    expect(themeCookie()).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('leaves the cookie alone at start when the page was drawn with the saved choice', () => {
    localStorage.setItem('media-studio.theme', 'light');
    root.dataset.theme = 'light';
    startTheme();
    // Written by no one: the gateway's own copy stands.
    expect(themeCookie()).toBeUndefined();
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('clears a choice the page was drawn with once the saved one is the system theme', () => {
    document.cookie = 'media-studio-theme=dark; Path=/';
    root.dataset.theme = 'dark';
    startTheme();
    expect(themeCookie()).toBeUndefined();
    expect(root.dataset.theme).toBeUndefined();
  });
});
