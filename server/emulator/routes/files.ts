import { openAsBlob } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { getFile, uploadFile } from '../../../src/api/contract/endpoints';
import { fileUploadRequestSchema } from '../../../src/api/contract/files';
import { findFile, insertFile, toStoredFile, toUploadedFile } from '../db/files-repo';
import { sanitizeFilename } from '../filename';
import { registerEndpoint, registerRawEndpoint, sendContractJson } from '../http/endpoint-route';
import { invalidRequest, notFound } from '../http/errors';
import { receiveUpload } from '../http/multipart-upload';
import { newId, type Principal } from '../principal';
import type { EmulatorDeps, RouteModule } from '../route-module';
import { formatIssues } from '../http/zod-message';

const MB = 1024 * 1024;

/**
 * The type recorded for an upload. For now the part's declared type; `inspectMedia(bytes)`
 * (server/emulator/media/inspect.ts) is meant to replace this with a type sniffed from the
 * bytes, so a mislabelled upload is still shown with the right viewer.
 */
function contentTypeOf(declared: string): string {
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

  registerRawEndpoint(app, uploadFile, async ({ c, principal }) => {
    const upload = await receiveUpload(c, {
      fileField: 'file',
      maxFileBytes: Math.floor(env.EMULATOR_MAX_UPLOAD_MB * MB),
      tempPath: mediaStore.tempPath,
    });
    const received = upload.file;
    try {
      const contentType = contentTypeOf(received?.mimeType ?? '');
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
      return sendContractJson(c, uploadFile, { data: toUploadedFile(record) });
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
