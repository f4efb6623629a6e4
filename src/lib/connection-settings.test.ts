import { describe, expect, it, vi } from 'vitest';
import { readConnection, saveConnection, subscribeConnection } from './connection-settings';

describe('connection settings', () => {
  it('defaults to the gateway', () => {
    expect(readConnection()).toEqual({ mode: 'gateway' });
  });

  it('keeps a direct connection across reads and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConnection(listener);
    saveConnection({
      mode: 'direct',
      baseUrl: 'https://api.example.com',
      apiKey: 'sk-1',
      stackId: 's',
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readConnection()).toEqual({
      mode: 'direct',
      baseUrl: 'https://api.example.com',
      apiKey: 'sk-1',
      stackId: 's',
    });
    unsubscribe();
  });

  it('falls back to the gateway when storage holds something unreadable or half-set', () => {
    localStorage.setItem('media-studio.connection', '{not json');
    expect(readConnection()).toEqual({ mode: 'gateway' });
    localStorage.setItem(
      'media-studio.connection',
      JSON.stringify({ mode: 'direct', baseUrl: 'https://x.example' }),
    );
    expect(readConnection()).toEqual({ mode: 'gateway' });
  });

  it('refuses to save a direct connection without a key or with a non-http URL', () => {
    expect(() =>
      saveConnection({ mode: 'direct', baseUrl: 'https://x.example', apiKey: '' }),
    ).toThrow(/API key is required/);
    expect(() => saveConnection({ mode: 'direct', baseUrl: 'file:///etc', apiKey: 'k' })).toThrow(
      /http/,
    );
    expect(() =>
      saveConnection({ mode: 'direct', baseUrl: 'https://x.example/api/v1', apiKey: 'k' }),
    ).toThrow(/without \/api\/v1/);
  });
});
