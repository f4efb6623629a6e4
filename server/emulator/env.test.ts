import { describe, expect, it } from 'vitest';
import { loadEmulatorEnv, trainingDurationMs } from './env';

describe('loadEmulatorEnv', () => {
  it('applies the defaults, and treats empty strings as unset', () => {
    const env = loadEmulatorEnv({ EMULATOR_PORT: '', EMULATOR_API_KEYS: ' ', EMULATOR_FAULTS: '' });
    expect(env).toEqual({
      EMULATOR_PORT: 8788,
      EMULATOR_HOST: '127.0.0.1',
      EMULATOR_API_KEYS: ['local-dev-key'],
      EMULATOR_DATA_DIR: './.data',
      EMULATOR_RATE_LIMIT: 600,
      EMULATOR_FAULTS: 0,
      EMULATOR_MAX_UPLOAD_MB: 512,
      EMULATOR_CELEBRITY: false,
    });
  });

  it('parses every variable', () => {
    const env = loadEmulatorEnv({
      EMULATOR_PORT: '9000',
      EMULATOR_HOST: '0.0.0.0',
      EMULATOR_API_KEYS: 'a-key, b-key,,',
      EMULATOR_DATA_DIR: '/tmp/x',
      EMULATOR_TRAINING_SECONDS: '2.5',
      EMULATOR_RATE_LIMIT: '30',
      EMULATOR_FAULTS: '0.25',
      EMULATOR_MAX_UPLOAD_MB: '0.5',
      EMULATOR_VOICES: '40',
      EMULATOR_CELEBRITY: '1',
    });
    expect(env).toMatchObject({
      EMULATOR_PORT: 9000,
      EMULATOR_API_KEYS: ['a-key', 'b-key'],
      EMULATOR_TRAINING_SECONDS: 2.5,
      EMULATOR_RATE_LIMIT: 30,
      EMULATOR_FAULTS: 0.25,
      EMULATOR_MAX_UPLOAD_MB: 0.5,
      EMULATOR_VOICES: 40,
      EMULATOR_CELEBRITY: true,
    });
  });

  it('names each bad variable and its rule in one error', () => {
    const bad = {
      EMULATOR_PORT: '70000',
      EMULATOR_FAULTS: '1.5',
      EMULATOR_TRAINING_SECONDS: '0',
      EMULATOR_RATE_LIMIT: 'lots',
      EMULATOR_MAX_UPLOAD_MB: '-1',
      EMULATOR_VOICES: '2.5',
      EMULATOR_CELEBRITY: 'yes',
      EMULATOR_API_KEYS: 'ok,has space',
    };
    expect(() => loadEmulatorEnv(bad)).toThrowError(
      new Error(
        [
          'Invalid emulator environment:',
          '  - EMULATOR_PORT: must be between 0 and 65535',
          '  - EMULATOR_API_KEYS: keys must be printable ASCII without spaces',
          '  - EMULATOR_TRAINING_SECONDS: must be positive',
          '  - EMULATOR_RATE_LIMIT: must be a whole number of requests per minute',
          '  - EMULATOR_FAULTS: must be a number from 0 to 1',
          '  - EMULATOR_MAX_UPLOAD_MB: must be a positive number of megabytes',
          '  - EMULATOR_VOICES: must be a whole number (0 or more)',
          '  - EMULATOR_CELEBRITY: must be 0 or 1',
        ].join('\n'),
      ),
    );
  });
});

describe('trainingDurationMs', () => {
  const unset = { EMULATOR_TRAINING_SECONDS: undefined };

  it('uses EMULATOR_TRAINING_SECONDS as is when set', () => {
    expect(trainingDurationMs('video_lora', 100, { EMULATOR_TRAINING_SECONDS: 1.5 })).toBe(1500);
  });

  it('defaults per kind for a typical dataset, and scales with its size within 0.5x to 2x', () => {
    expect(trainingDurationMs('voice', 6, unset)).toBe(45_000);
    expect(trainingDurationMs('music_lora', 17, unset)).toBe(90_000);
    expect(trainingDurationMs('video_lora', 14, unset)).toBe(120_000);
    expect(trainingDurationMs('voice', 0, unset)).toBe(22_500);
    expect(trainingDurationMs('voice', 3, unset)).toBeLessThan(45_000);
    expect(trainingDurationMs('voice', 10, unset)).toBeGreaterThan(45_000);
    expect(trainingDurationMs('voice', 1000, unset)).toBe(90_000);
  });
});
