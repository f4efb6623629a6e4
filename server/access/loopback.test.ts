import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback';

describe('isLoopbackHost', () => {
  it('knows localhost, its subdomains, 127.0.0.0/8 and ::1', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'localhost.',
      'studio.localhost',
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '[::1]',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('refuses names that only look local, and addresses elsewhere', () => {
    for (const host of [
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'evil-localhost',
      '0.0.0.0',
      '10.0.0.1',
      '128.0.0.1',
      '::',
      '::2',
      'example.com',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
