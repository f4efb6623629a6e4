import { describe, expect, it, vi } from 'vitest';
import {
  readConnection,
  saveConnection,
  subscribeConnection,
  tellGatewayTheMode,
} from './connection-settings';

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

  it('tells the gateway the mode by a cookie, never the key', () => {
    const cookies = () => document.cookie;
    saveConnection({ mode: 'direct', baseUrl: 'https://x.example', apiKey: 'secret-key' });
    expect(cookies()).toContain('media-studio-direct=1');
    expect(cookies()).not.toContain('secret-key');
    saveConnection({ mode: 'gateway' });
    expect(cookies()).not.toContain('media-studio-direct');
  });

  it('tells the gateway the saved mode at start, when the cookie does not say it', () => {
    localStorage.setItem(
      'media-studio.connection',
      JSON.stringify({ mode: 'direct', baseUrl: 'https://x.example', apiKey: 'k' }),
    );
    tellGatewayTheMode();
    expect(document.cookie).toContain('media-studio-direct=1');
    localStorage.removeItem('media-studio.connection');
    tellGatewayTheMode();
    expect(document.cookie).not.toContain('media-studio-direct');
  });
});
