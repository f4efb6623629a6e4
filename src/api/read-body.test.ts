import { describe, expect, it } from 'vitest';
import { readBodyText } from './read-body';

function chunkedResponse(chunks: Uint8Array[]): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(stream);
}

describe('readBodyText', () => {
  it('joins a body that arrives in many chunks', async () => {
    const text = JSON.stringify({ voices: Array.from({ length: 500 }, (_, i) => `voice ${i}`) });
    const bytes = new TextEncoder().encode(text);
    const chunks = [];
    for (let at = 0; at < bytes.length; at += 97) chunks.push(bytes.subarray(at, at + 97));
    expect(await readBodyText(chunkedResponse(chunks))).toBe(text);
  });

  it('keeps a character whose bytes are split across two chunks', async () => {
    const bytes = new TextEncoder().encode('Élise — 日本語');
    // Cut inside the two-byte É, the three-byte dash and a three-byte kanji.
    const cuts = [1, 9, 13, bytes.length];
    const chunks = cuts.map((end, i) => bytes.subarray(i === 0 ? 0 : cuts[i - 1], end));
    expect(await readBodyText(chunkedResponse(chunks))).toBe('Élise — 日本語');
  });

  it('reads the same text as Response.text(), byte order mark and bad bytes included', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0xff, 0x7d]);
    const expected = await new Response(bytes).text();
    expect(await readBodyText(chunkedResponse([bytes.subarray(0, 2), bytes.subarray(2)]))).toBe(
      expected,
    );
    expect(expected).toBe('{\uFFFD}');
  });

  it('reads an empty body', async () => {
    expect(await readBodyText(new Response(null, { status: 204 }))).toBe('');
    expect(await readBodyText(new Response(''))).toBe('');
  });

  it('rejects when the transfer is cut off', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"partial":'));
        controller.error(new TypeError('network error'));
      },
    });
    await expect(readBodyText(new Response(stream))).rejects.toThrow('network error');
  });
});
