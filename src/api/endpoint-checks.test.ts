import { describe, expect, it } from 'vitest';
import { getTrainingStatus, listVoices } from './contract/endpoint-routes';
import { languageCodes } from './contract/languages';
import { voiceScopes } from './contract/voice-scopes';
import { voiceListQuerySchema } from './contract/voices';
import { checksOf } from './endpoint-checks';
import { isVoiceListResponse } from './voice-list-check';
import { badValues } from '../test/hand-check-agreement';

const voiceList = checksOf(listVoices)!;

/** What the client checks a call's query against, as it sends one (all optional: `{}`). */
const schemaAccepts = (input: { query?: unknown }) =>
  voiceListQuerySchema.safeParse(input.query ?? {}).success;

describe('the voice catalog’s checks', () => {
  it('pass every scope and language the schema accepts, alone or together', () => {
    const inputs = [
      {},
      { query: {} },
      { query: { scope: undefined, language: undefined } },
      ...voiceScopes.map((scope) => ({ query: { scope } })),
      ...languageCodes.map((language) => ({ query: { language } })),
      { query: { scope: 'custom', language: 'bh' } },
    ];
    for (const input of inputs) {
      expect(schemaAccepts(input), JSON.stringify(input)).toBe(true);
      expect(voiceList.input(input), JSON.stringify(input)).toBe(true);
    }
  });

  it('refuse every query the schema refuses, whatever the wrong value', () => {
    const wrong = [...badValues, 'everyone', 'ALL', 'en ', 'EN', 'xx', 'eng', 'en-US'];
    for (const field of ['scope', 'language']) {
      for (const bad of wrong) {
        const input = { query: { [field]: bad } };
        if (!schemaAccepts(input))
          expect(voiceList.input(input), `${field}: ${String(bad)}`).toBe(false);
      }
    }
    for (const query of ['all', [], 7]) {
      expect(schemaAccepts({ query })).toBe(false);
      expect(voiceList.input({ query })).toBe(false);
    }
  });

  it('leave to the schemas what they would send otherwise or strip', () => {
    // Passed by zod (an unknown key is dropped from what it checks), but sent as given: the
    // hand check keeps out what it does not know, and the schemas' way decides.
    expect(voiceList.input({ query: { scope: 'all', page: 2 } })).toBe(false);
    expect(voiceList.input({ query: {}, body: {} })).toBe(false);
    expect(voiceList.input(null)).toBe(false);
    // A null query is sent as none by the schemas' way.
    expect(voiceList.input({ query: null })).toBe(false);
    expect(voiceList.input(JSON.parse('{"__proto__":{"query":{}}}'))).toBe(false);
  });

  it('check the answer as the voice list’s own check does', () => {
    expect(voiceList.response).toBe(isVoiceListResponse);
  });

  it('are for the voice catalog only', () => {
    expect(checksOf(getTrainingStatus)).toBeUndefined();
    expect(checksOf({ ...listVoices, id: 'toString' })).toBeUndefined();
  });
});
