import { openAsBlob } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { getFile, uploadFile } from '../../../src/api/contract/endpoints';
import { fileUploadRequestSchema } from '../../../src/api/contract/files';
import { findFile, insertFile, toStoredFile, toUploadedFile } from '../db/files-repo';
import { sanitizeFilename } from '../filename';
import {
  checksResponses,
  registerEndpoint,
  registerRawEndpoint,
  sendContractJson,
} from '../http/endpoint-route';
import { invalidRequest, notFound } from '../http/errors';
import { receiveUpload } from '../http/multipart-upload';
import { inspectMedia } from '../media/inspect';
import { newId, type Principal } from '../principal';
import type { EmulatorDeps, RouteModule } from '../route-module';
import { formatIssues } from '../http/zod-message';

const MB = 1024 * 1024;

// Every sniffer finds its answer in the first bytes (MP4 needs its boxes, MP3 a few frames);
// 4 MB covers them without reading a whole dataset archive.
const SNIFF_BYTES = 4 * MB;
const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The type recorded for an upload, sniffed from its bytes so a mislabelled upload is still
 * shown with the right viewer. The part's declared type only when the bytes are not media
 * or a zip archive we recognise (text, PDFs… are left as the client said).
 */
async function contentTypeOf(path: string | undefined, declared: string): Promise<string> {
  const head = path ? await readHead(path) : new Uint8Array();
  const sniffed = inspectMedia(head)?.contentType;
  if (sniffed) return sniffed;
  if (ZIP_MAGIC.equals(head.subarray(0, 4))) return 'application/zip';
  return declared.trim() || 'application/octet-stream';
}

/** An upload's bytes, for endpoints that take a file id (LoRA `dataset`). Null if not the caller's. */
export async function resolveFileBytes(
  deps: Pick<EmulatorDeps, 'db' | 'mediaStore'>,
  fileId: string,
  principal: Principal,
): Promise<{ bytes: Buffer; filename: string; contentType: string; path: string } | null> {
  const file = findFile(deps.db, fileId, principal);
  const media = file ? deps.mediaStore.get(file.media_id) : null;
  if (!file || !media) return null;
  const path = deps.mediaStore.pathOf(media);
  return {
    bytes: await readFile(path),
    filename: file.filename,
    contentType: file.content_type,
    path,
  };
}

export const fileRoutes: RouteModule = (app, deps) => {
  const { db, env, mediaStore, now } = deps;
  const check = checksResponses(app);

  registerRawEndpoint(app, uploadFile, async ({ c, principal }) => {
    const upload = await receiveUpload(c, {
      fileField: 'file',
      maxFileBytes: Math.floor(env.EMULATOR_MAX_UPLOAD_MB * MB),
      tempPath: mediaStore.tempPath,
    });
    const received = upload.file;
    try {
      const contentType = await contentTypeOf(received?.tempPath, received?.mimeType ?? '');
      // The contract's own schema checks the form: a Blob backed by the temp file stands in for the part.
      const form = {
        file: received ? await openAsBlob(received.tempPath, { type: contentType }) : undefined,
        purpose: upload.fields.purpose,
      };
      const parsed = fileUploadRequestSchema.safeParse(form, { reportInput: true });
      if (!parsed.success) throw invalidRequest(formatIssues(parsed.error.issues, 'form'));

      const filename = sanitizeFilename(received!.filename);
      const media = await mediaStore.putFromFile(received!.tempPath, {
        contentType,
        filename,
        sha256: received!.sha256,
        size: received!.size,
      });
      const record = {
        file_id: newId('file'),
        owner: principal.keyHash,
        stack: principal.stackId,
        filename,
        size: media.size,
        purpose: parsed.data.purpose,
        content_type: contentType,
        media_id: media.id,
        created_at: now().toISOString(),
      };
      insertFile(db, record);
      // The spec's upload response carries no trace_id.
      return sendContractJson(c, uploadFile, { data: toUploadedFile(record) }, check);
    } finally {
      // Still there only when the upload was refused (the store moves it otherwise).
      if (received) await rm(received.tempPath, { force: true });
    }
  });

  registerEndpoint(app, getFile, ({ params, principal, traceId, origin }) => {
    const file = findFile(db, params.file_id, principal);
    if (!file) throw notFound(`No file with id ${params.file_id}.`);
    const url = mediaStore.urlFor(file.media_id, origin, file.filename);
    return { data: toStoredFile(file, url), trace_id: traceId };
  });
};
