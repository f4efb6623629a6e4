import { request as httpRequest } from 'node:http';
import { Agent } from 'undici';
import { createApp } from '../server/app';
import { findFile } from '../server/emulator/db/files-repo';
import { encodeAudio } from '../server/emulator/media/audio-encode';
import { synthesizeSpeech } from '../server/emulator/media/speech';
import { renderVideo } from '../server/emulator/media/video';
import { hashKey } from '../server/emulator/principal';
import { serveEmulator } from '../server/emulator/test-support/serve-emulator';
import { streamedUpload } from '../server/emulator/test-support/streamed-upload';
import {
  createTestEmulator,
  headers as emulatorHeaders,
  testKey,
  testStack,
} from '../server/emulator/test-support/test-emulator';
import { startUpstream } from '../server/test-support/fake-upstream';
import { captureLogger, startGateway, testEnv } from '../server/test-support/gateway-server';
import type { BenchContext, BenchFigure, BenchResult } from './types';

const MB = 1024 * 1024;
/** A large video: read whole, it alone would take this much memory. */
const fileMB = 200;
const fileBytes = fileMB * MB;
/**
 * Streaming keeps only socket and stream buffers (a few MB) in memory; buffering would add at
 * least the file's size. The bounds sit between the two, under half the file.
 */
const gatewayGrowthTargetMB = 100;
const emulatorGrowthTargetMB = 80;

interface Growth {
  /** Peak growth over the baseline while the transfer ran, in MB. */
  rssMB: number;
  arrayBuffersMB: number;
  seconds: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Peak growth of rss and of arrayBuffers (where Buffers live) while `run` is in flight. */
async function peakGrowth(run: () => Promise<void>): Promise<Growth> {
  const before = process.memoryUsage();
  let rss = 0;
  let arrayBuffers = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - before.rss);
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers - before.arrayBuffers);
  };
  const started = performance.now();
  const timer = setInterval(sample, 5);
  try {
    await run();
  } finally {
    clearInterval(timer);
    sample();
  }
  return {
    rssMB: round1(rss / MB),
    arrayBuffersMB: round1(arrayBuffers / MB),
    seconds: round1((performance.now() - started) / 1000),
  };
}

/** The gateway between a client and an upstream, both ends on real sockets, as in production. */
async function measureGateway(log: (line: string) => void) {
  const chunk = Buffer.alloc(MB, 7);
  const upstream = await startUpstream(async (req, res, recorded) => {
    if (req.method === 'POST') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ bytes: recorded.bodyBytes }));
      return;
    }
    // A large media download, written with backpressure like a file server would.
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(fileBytes) });
    for (let sent = 0; sent < fileBytes; sent += MB) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  });
  const dispatcher = new Agent();
  const gateway = await startGateway(
    createApp({
      env: testEnv({ API_BASE_URL: upstream.origin }),
      logger: captureLogger(),
      dispatcher,
    }),
  );
  try {
    let answer = '';
    const upload = await peakGrowth(
      () =>
        new Promise<void>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port: gateway.port,
              method: 'POST',
              path: '/api/v1/files/upload',
              headers: {
                'content-type': 'application/octet-stream',
                'content-length': String(fileBytes),
              },
            },
            (res) => {
              res.setEncoding('utf8');
              res.on('data', (text: string) => (answer += text));
              res.on('end', resolve);
            },
          );
          req.on('error', reject);
          const pump = async () => {
            for (let sent = 0; sent < fileBytes; sent += MB) {
              if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
            }
            req.end();
          };
          pump().catch(reject);
        }),
    );
    const uploaded = (JSON.parse(answer) as { bytes: number }).bytes;
    if (uploaded !== fileBytes) throw new Error(`gateway upload: ${uploaded} bytes arrived`);
    log(`gateway upload: rss +${upload.rssMB} MB, buffers +${upload.arrayBuffersMB} MB`);

    let received = 0;
    const download = await peakGrowth(
      () =>
        new Promise<void>((resolve, reject) => {
          httpRequest(
            { host: '127.0.0.1', port: gateway.port, path: '/api/v1/files/big.mp4' },
            (res) => {
              res.on('data', (part: Buffer) => (received += part.length));
              res.on('end', resolve);
              res.on('error', reject);
            },
          )
            .on('error', reject)
            .end();
        }),
    );
    if (received !== fileBytes) throw new Error(`gateway download: ${received} bytes arrived`);
    log(`gateway download: rss +${download.rssMB} MB, buffers +${download.arrayBuffersMB} MB`);
    return { upload, download };
  } finally {
    await gateway.close();
    await upstream.close();
    await dispatcher.close();
  }
}

/**
 * The emulator renders voice previews in the background soon after it starts, and the engines
 * that takes are large (espeak-ng alone adds ~130 MB of RSS, once). Loading them before the
 * baseline keeps the measure about what the upload costs.
 */
async function loadMediaEngines() {
  const pcm = await synthesizeSpeech('warm up', {
    espeakVoice: 'en-us',
    pitch: 50,
    wordsPerMinute: 175,
  });
  await encodeAudio(pcm, { format: 'mp3', sampleRate: 22050 });
  await renderVideo({ prompt: 'warm up', tool: 'warm-up', width: 64, height: 64, durationS: 0.5 });
}

/** The emulator's file upload on a real socket: the multipart body goes to disk as it comes. */
async function measureEmulatorUpload(log: (line: string) => void) {
  const emu = createTestEmulator();
  const served = await serveEmulator(emu.app);
  try {
    await loadMediaEngines();
    const upload = streamedUpload(fileMB);
    let stored: string | undefined;
    const growth = await peakGrowth(async () => {
      const res = await fetch(`${served.origin}/api/v1/files/upload`, {
        method: 'POST',
        headers: { ...emulatorHeaders(), 'content-type': upload.contentType },
        body: upload.body,
        duplex: 'half',
      } as RequestInit);
      const answer = (await res.json()) as { data?: { file_id?: string } };
      if (!res.ok || !answer.data?.file_id) {
        throw new Error(`emulator upload: ${res.status} ${JSON.stringify(answer)}`);
      }
      const file = findFile(emu.db, answer.data.file_id, {
        keyHash: hashKey(testKey),
        stackId: testStack,
      });
      stored = file ? emu.mediaStore.get(file.media_id)?.sha256 : undefined;
    });
    if (stored !== upload.sha256) throw new Error('emulator upload: the stored file differs');
    log(`emulator upload: rss +${growth.rssMB} MB, buffers +${growth.arrayBuffersMB} MB`);
    return growth;
  } finally {
    await served.close();
    await emu.cleanup();
  }
}

/** `buffersToo`: whether the arrayBuffers growth is held to the target as well as rss. */
function figure(label: string, growth: Growth, targetMB: number, buffersToo = true): BenchFigure {
  const peak = buffersToo ? Math.max(growth.rssMB, growth.arrayBuffersMB) : growth.rssMB;
  return {
    label,
    value: `rss +${growth.rssMB} MB, buffers +${growth.arrayBuffersMB} MB (${growth.seconds} s)`,
    target: buffersToo ? `< ${targetMB} MB each` : `rss < ${targetMB} MB`,
    pass: peak < targetMB,
  };
}

/**
 * Memory while a 200 MB file passes through: the gateway's upload and download proxying, and
 * the emulator's upload to disk. Each should stream, holding a few MB whatever the file's size.
 * Measured in this process, so the machine should have nothing else to do meanwhile.
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  const gateway = await measureGateway(ctx.log);
  const emulator = await measureEmulatorUpload(ctx.log);
  return {
    summary: [
      figure(
        `Gateway: ${fileMB} MB upload to the upstream, memory growth`,
        gateway.upload,
        gatewayGrowthTargetMB,
      ),
      figure(
        `Gateway: ${fileMB} MB download from the upstream, memory growth`,
        gateway.download,
        gatewayGrowthTargetMB,
      ),
      figure(
        `Emulator: ${fileMB} MB upload to disk, memory growth`,
        emulator,
        emulatorGrowthTargetMB,
        // rss alone: the upload's client (fetch, in this same process) holds buffers of its own.
        false,
      ),
    ],
    data: { fileMB, gateway, emulator },
  };
}
