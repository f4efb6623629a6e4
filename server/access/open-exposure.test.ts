import { describe, expect, it } from 'vitest';
import { openExposure } from './open-exposure';

const loopback = { HOST: '127.0.0.1', ALLOWED_HOSTS: [] };

describe('openExposure', () => {
  it('is null when the gateway listens on loopback and answers to loopback names only', () => {
    expect(openExposure(loopback)).toBeNull();
    expect(
      openExposure({
        HOST: '::1',
        PUBLIC_URL: 'http://localhost:8787',
        ALLOWED_HOSTS: ['studio.localhost', 'localhost:8080', '[::1]:8080', '127.0.0.2'],
      }),
    ).toBeNull();
  });

  it('names the setting that would serve others', () => {
    expect(openExposure({ ...loopback, HOST: '0.0.0.0' })).toBe('listen on 0.0.0.0');
    expect(openExposure({ ...loopback, PUBLIC_URL: 'https://studio.example.com' })).toBe(
      'serve PUBLIC_URL=https://studio.example.com',
    );
    expect(openExposure({ ...loopback, ALLOWED_HOSTS: ['localhost', '[fd00::1]:443'] })).toBe(
      'answer for [fd00::1]:443 (in ALLOWED_HOSTS)',
    );
    expect(openExposure({ ...loopback, ALLOWED_HOSTS: ['localhost.evil.example'] })).toBe(
      'answer for localhost.evil.example (in ALLOWED_HOSTS)',
    );
  });
});
