import { z } from '../../api/contract/zod';
import { uploadedFileSchema } from '../../api/contract/files';

/** A file uploaded from this browser, as its IndexedDB store keeps it (direct mode). */
export const localUploadSchema = z.extend(uploadedFileSchema, {
  /** The browser's type at upload time, or the service's once a preview fetched it. */
  content_type: z.optional(z.string()),
});
export type LocalUpload = z.infer<typeof localUploadSchema>;
