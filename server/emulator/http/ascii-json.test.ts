import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiJson } from './ascii-json';

/** Nothing past ASCII (JSON.stringify already escapes the control characters). */
const isAscii = (text: string) => [...text].every((char) => char.charCodeAt(0) < 0x7f);

describe('asciiJson', () => {
  it('escapes every character past ASCII, so the text is one byte a character', () => {
    const text = asciiJson({ description: '温柔清晰的普通话女声', name: 'Lucía', emoji: '🎙️' });
    expect(isAscii(text)).toBe(true);
    expect(text).toContain('"name":"Luc\\u00eda"');
    expect(text).toContain('\\ud83c\\udf99');
  });

  it('leaves ASCII-only JSON exactly as JSON.stringify writes it', () => {
    const value = { voice_id: 'en_aria', tags: ['warm'], usage_count: 3, quote: 'say "hi"\n' };
    expect(asciiJson(value)).toBe(JSON.stringify(value));
  });

  it('parses back to the same value for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = asciiJson(value);
        expect(isAscii(text)).toBe(true);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
  });
});
