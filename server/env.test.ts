import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const historyDefaults = {
  ALLOWED_HOSTS: [],
  DATA_DIR: './.data',
  HISTORY_RETENTION_DAYS: 90,
  HISTORY_MAX_ROWS: 200_000,
  OIDC_SCOPES: 'openid profile email',
  GATEWAY_USER_NAME: 'Owner',
  SESSION_IDLE_HOURS: 168,
  WEBHOOK_ALLOW_PRIVATE: false,
  BUDGET_MANAGERS: [],
};

describe('loadEnv', () => {
  it('names the retention variables and their rule when they are out of range', () => {
    expect(() => loadEnv({ HISTORY_RETENTION_DAYS: '0', HISTORY_MAX_ROWS: 'many' })).toThrow(
      /HISTORY_RETENTION_DAYS: must be between 1 and 36500[\s\S]*HISTORY_MAX_ROWS: must be a whole number/,
    );
  });

  it('reads ALLOWED_HOSTS as a list, and names the rule for a URL given instead of a host', () => {
    expect(
      loadEnv({ ALLOWED_HOSTS: ' Studio.Example.com, media.example.org:8443 ,' }),
    ).toMatchObject({ ALLOWED_HOSTS: ['studio.example.com', 'media.example.org:8443'] });
    expect(() => loadEnv({ ALLOWED_HOSTS: 'https://studio.example.com/' })).toThrow(
      /ALLOWED_HOSTS\.0: must list host names or name:port/,
    );
  });

  it('reads BUDGET_MANAGERS as a comma-separated list of ids or addresses', () => {
    expect(loadEnv({ BUDGET_MANAGERS: ' ada@example.com, u-42 ,,' }).BUDGET_MANAGERS).toEqual([
      'ada@example.com',
      'u-42',
    ]);
  });

  it('reads WEBHOOK_ALLOW_PRIVATE as true or false, and VAPID_SUBJECT as mailto: or https', () => {
    expect(loadEnv({ WEBHOOK_ALLOW_PRIVATE: 'true' }).WEBHOOK_ALLOW_PRIVATE).toBe(true);
    expect(loadEnv({ WEBHOOK_ALLOW_PRIVATE: 'false' }).WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(() => loadEnv({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE: must be true or false/,
    );
    expect(loadEnv({ VAPID_SUBJECT: 'mailto:ops@example.com' }).VAPID_SUBJECT).toBe(
      'mailto:ops@example.com',
    );
    expect(() => loadEnv({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(
      /VAPID_SUBJECT: must be a mailto: address or an https URL/,
    );
  });

  it('takes a PostgreSQL URL only with an upstream the replicas share, and names both rules', () => {
    expect(
      loadEnv({
        DATABASE_URL: 'postgres://u:p@db/studio',
        API_BASE_URL: 'https://api.example.com',
      }),
    ).toMatchObject({ DATABASE_URL: 'postgres://u:p@db/studio' });
    expect(() => loadEnv({ DATABASE_URL: 'postgres://u:p@db/studio' })).toThrow(
      /API_BASE_URL: is required with DATABASE_URL[\s\S]*npm run emulator/,
    );
    expect(() =>
      loadEnv({ DATABASE_URL: 'mysql://db/studio', API_BASE_URL: 'https://api.example.com' }),
    ).toThrow(/DATABASE_URL: must be a PostgreSQL URL/);
  });

  it('applies the defaults', () => {
    expect(loadEnv({})).toEqual({
      PORT: 8787,
      HOST: '127.0.0.1',
      DIST_DIR: 'dist',
      ...historyDefaults,
    });
  });

  it('treats empty strings as unset', () => {
    expect(
      loadEnv({ PORT: '', HOST: ' ', API_BASE_URL: '', API_KEY: '', STACK_ID: '', DIST_DIR: '' }),
    ).toEqual({
      PORT: 8787,
      HOST: '127.0.0.1',
      DIST_DIR: 'dist',
      ...historyDefaults,
    });
  });

  it('reads every variable and trims the trailing slash of API_BASE_URL, keeping a base path', () => {
    const env = loadEnv({
      PORT: '9000',
      HOST: '0.0.0.0',
      API_BASE_URL: 'https://api.example.com/media/',
      API_KEY: 'sk-1',
      STACK_ID: 'stack-1',
      ALLOWED_HOSTS: 'studio.example.com',
      DIST_DIR: 'build',
      DATA_DIR: '/var/lib/media-studio',
      HISTORY_RETENTION_DAYS: '30',
      HISTORY_MAX_ROWS: '5000',
    });
    expect(env).toEqual({
      PORT: 9000,
      HOST: '0.0.0.0',
      API_BASE_URL: 'https://api.example.com/media',
      API_KEY: 'sk-1',
      STACK_ID: 'stack-1',
      ALLOWED_HOSTS: ['studio.example.com'],
      DIST_DIR: 'build',
      DATA_DIR: '/var/lib/media-studio',
      HISTORY_RETENTION_DAYS: 30,
      HISTORY_MAX_ROWS: 5000,
      OIDC_SCOPES: 'openid profile email',
      WEBHOOK_ALLOW_PRIVATE: false,
      BUDGET_MANAGERS: [],
      GATEWAY_USER_NAME: 'Owner',
      SESSION_IDLE_HOURS: 168,
    });
    expect(loadEnv({ API_BASE_URL: 'http://127.0.0.1:4010/' }).API_BASE_URL).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('reads TRUST_PROXY as a number of proxy hops or the proxies themselves, unset by default', () => {
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(loadEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a whole number'],
    [{ PORT: '70000' }, 'PORT: must be between 0 and 65535'],
    [{ API_BASE_URL: 'api.example.com' }, 'API_BASE_URL: must be an absolute http(s) URL'],
    [{ API_BASE_URL: 'ftp://api.example.com' }, 'API_BASE_URL: must use http or https'],
    [
      { API_BASE_URL: 'https://api.example.com/?x=1' },
      'API_BASE_URL: must not contain a query string',
    ],
    [
      { API_BASE_URL: 'https://user:pw@api.example.com' },
      'API_BASE_URL: must not contain credentials',
    ],
    [
      { API_BASE_URL: 'https://api.example.com/api/v1/' },
      'API_BASE_URL: is the service base URL, without /api/v1',
    ],
    [{ STACK_ID: 'a b' }, 'STACK_ID: must be printable ASCII'],
    [
      { TRUST_PROXY: 'true' },
      'TRUST_PROXY: must be a number of proxies (0 to 10) or their addresses and ranges, comma-separated (10.0.0.5, 10.1.0.0/16): "true" is neither',
    ],
    [{ TRUST_PROXY: '10.0.0.5, 10.1.0.0/33' }, '"10.1.0.0/33" is neither'],
    [{ TRUST_PROXY: '10.0.0.5,' }, '"" is neither'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY: must be between 0 and 10 proxies'],
  ])('rejects %j naming the variable and the rule', (source, expected) => {
    expect(() => loadEnv(source)).toThrow(expected);
  });

  it('lists every bad variable at once and never echoes the key', () => {
    let message = '';
    try {
      loadEnv({ PORT: '-1', API_BASE_URL: 'nope', API_KEY: 'sk-secret with space' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid environment:/);
    expect(message).toContain('PORT:');
    expect(message).toContain('API_BASE_URL:');
    expect(message).toContain('API_KEY:');
    expect(message).not.toContain('sk-secret');
  });
});
