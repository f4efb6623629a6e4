import { describe, expect, it } from 'vitest';
import { accessSessionListSchema, accessTokenListSchema } from './contract/access';
import { isAccessSessionList, isAccessTokenList } from './access-checks';
import { expectAgreement as agrees, withBadFields } from '../test/hand-check-agreement';

const token = {
  id: 'tok_1',
  name: 'nightly render',
  created_at: '2026-12-01T08:00:00.000Z',
  last_used_at: null,
  expires_at: '2027-03-01T08:00:00.000Z',
};
const session = {
  id: 'ses_1',
  created_at: '2026-12-01T08:00:00.000Z',
  last_seen_at: '2026-12-06T08:00:00.000Z',
  expires_at: '2027-01-05T08:00:00.000Z',
  user_agent: 'Mozilla/5.0 (Android 14)',
  current: true,
};

describe('isAccessTokenList and isAccessSessionList', () => {
  it('refuses what is not an object, without throwing', () => {
    for (const value of [null, undefined, [], 'tokens', 1, true, { data: null }]) {
      expect(isAccessTokenList(value)).toBe(false);
      expect(isAccessSessionList(value)).toBe(false);
    }
  });

  it('accepts the lists as the gateway answers them, as the schemas return them', () => {
    const used = {
      ...token,
      id: 'tok_2',
      last_used_at: '2026-12-05T08:00:00.000Z',
      expires_at: null,
    };
    for (const value of [{ data: [] }, { data: [token, used] }]) {
      expect(isAccessTokenList(value)).toBe(true);
      expect(accessTokenListSchema.parse(value)).toStrictEqual(value);
    }
    const other = { ...session, id: 'ses_2', user_agent: null, current: false };
    for (const value of [{ data: [] }, { data: [session, other] }]) {
      expect(isAccessSessionList(value)).toBe(true);
      expect(accessSessionListSchema.parse(value)).toStrictEqual(value);
    }
  });

  it('agrees with the schemas on every wrong field of a token and of a session', () => {
    for (const value of withBadFields(Object.keys(token), (f, bad) => ({
      data: [token, { ...token, [f]: bad }],
    })))
      agrees(accessTokenListSchema, isAccessTokenList, value);
    for (const value of withBadFields(Object.keys(session), (f, bad) => ({
      data: [{ ...session, [f]: bad }],
    })))
      agrees(accessSessionListSchema, isAccessSessionList, value);
  });

  it('leaves to zod a key zod would drop: a token’s secret is never in the list', () => {
    for (const value of [
      { data: [{ ...token, token: 'ms_secret' }] },
      { data: [token], next: null },
    ]) {
      expect(isAccessTokenList(value)).toBe(false);
      agrees(accessTokenListSchema, isAccessTokenList, value);
    }
    expect(isAccessSessionList({ data: [{ ...session, ip: '10.0.0.1' }] })).toBe(false);
  });
});
