import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemoteMedia, RemoteFetchError } from './remote-fetch';
import { createTestEmulator } from './test-support/test-emulator';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/clip.wav')
      return res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.alloc(1000, 1));
    if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(5000, 1));
    if (req.url === '/hop') return res.writeHead(302, { location: '/clip.wav' }).end();
    if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const limits = { maxBytes: 2000, timeoutMs: 500 };

describe('fetchRemoteMedia', () => {
  it('fetches an http URL, following a redirect', async () => {
    const { mediaStore, close } = createTestEmulator({});
    const fetched = await fetchRemoteMedia(`${origin}/hop`, mediaStore, limits);
    expect(fetched.bytes.length).toBe(1000);
    expect(fetched.contentType).toBe('audio/wav');
    await close();
  });

  it('refuses other schemes, local files included, even behind a redirect', async () => {
    const { mediaStore, close } = createTestEmulator({});
    await expect(fetchRemoteMedia('file:///etc/passwd', mediaStore, limits)).rejects.toThrow(
      /must use http or https \(got file\)/,
    );
    await expect(
      fetchRemoteMedia('ftp://example.com/x', mediaStore, limits),
    ).rejects.toBeInstanceOf(RemoteFetchError);
    await expect(fetchRemoteMedia(`${origin}/to-file`, mediaStore, limits)).rejects.toThrow(
      /got file/,
    );
    await close();
  });

  it('stops at the size limit, the time limit and on HTTP errors, saying which', async () => {
    const { mediaStore, close } = createTestEmulator({});
    await expect(fetchRemoteMedia(`${origin}/big`, mediaStore, limits)).rejects.toThrow(
      /larger than/,
    );
    await expect(fetchRemoteMedia(`${origin}/slow`, mediaStore, limits)).rejects.toThrow(
      /did not answer within 0.5 s/,
    );
    await expect(fetchRemoteMedia(`${origin}/missing`, mediaStore, limits)).rejects.toThrow(
      /answered HTTP 404/,
    );
    await expect(fetchRemoteMedia('http://127.0.0.1:1/x', mediaStore, limits)).rejects.toThrow(
      /could not be reached/,
    );
    await close();
  });

  it('reads the emulator’s own media URLs from the store, whatever host they were seen under', async () => {
    const { mediaStore, close } = createTestEmulator({});
    const record = await mediaStore.put({
      bytes: new Uint8Array([1, 2, 3]),
      contentType: 'audio/mpeg',
    });
    const url = mediaStore.urlFor(record.id, 'http://dashboard.invalid:9999', 'clip.mp3');
    const fetched = await fetchRemoteMedia(url, mediaStore, limits);
    expect([...fetched.bytes]).toEqual([1, 2, 3]);
    expect(fetched.contentType).toBe('audio/mpeg');
    await close();
  });
});
