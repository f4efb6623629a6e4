import { z } from './zod';
import { isoTimestampSchema, requiredText } from './common';
import { successEnvelope } from './envelope';
import { filePurposes } from './file-purposes';

export { filePurposes } from './file-purposes';

export const filePurposeSchema = z.enum(filePurposes, {
  error: (issue) =>
    issue.input === undefined
      ? 'purpose is required'
      : 'purpose must be one of image-input, video-input, audio-input, general',
});
export type FilePurpose = z.infer<typeof filePurposeSchema>;

/**
 * Multipart fields of POST /v1/files/upload. A File is a Blob, so both browser File objects
 * and the server's parsed form parts pass. An empty file is rejected: no endpoint can use one.
 * No size limit here: the spec does not show one.
 */
export const fileUploadRequestSchema = z.object({
  file: z.instanceof(Blob, { error: 'file is required and must be a file' }).check(
    z.refine((blob) => blob.size > 0, 'file must not be empty'),
    // JSON Schema cannot express a Blob; this is how OpenAPI spells a multipart file part.
    z.meta({ type: 'string', format: 'binary' }),
  ),
  purpose: filePurposeSchema,
});
export type FileUploadRequest = z.input<typeof fileUploadRequestSchema>;

export const uploadedFileSchema = z.looseObject({
  /** Usable as the `dataset` of LoRA training. */
  file_id: z.string().check(z.minLength(1)),
  filename: z.string(),
  /** Bytes. */
  size: z.int().check(z.nonnegative()),
  purpose: z.string(),
  created_at: isoTimestampSchema,
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** The spec's upload response has no trace_id; the envelope allows its absence. */
export const fileUploadResponseSchema = successEnvelope(uploadedFileSchema);
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

/** Path of GET /v1/files/{file_id}, our retrieval route (not shown in the spec). */
export const fileParamsSchema = z.object({ file_id: requiredText('file_id') });

/**
 * A stored file: its upload fields plus `url`, which serves the bytes. The URL is opaque to
 * clients; content_type is added so a viewer can pick image, video or audio without a fetch.
 */
export const storedFileSchema = z.extend(uploadedFileSchema, {
  url: z.string().check(z.minLength(1)),
  content_type: z.optional(z.string()),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const fileResponseSchema = successEnvelope(storedFileSchema);
export type FileResponse = z.infer<typeof fileResponseSchema>;
