import { inspectMedia } from '../media/inspect';
import { RemoteFetchError } from '../remote-fetch';

/** The `error.code` values of a failed training job (docs/api-decisions.md lists them). */
export type TrainingFailureCode =
  | 'input_unreachable'
  | 'input_too_large'
  | 'invalid_input'
  | 'invalid_dataset'
  | 'empty_dataset'
  | 'name_taken'
  | 'training_failed';

/** Thrown by an input check or a finishing step: becomes the job's `error`, as it is. */
export class TrainingFailure extends Error {
  override readonly name = 'TrainingFailure';
  constructor(
    readonly code: TrainingFailureCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A fetch error about `url`, restated about the request field that named it:
 * "reference_urls[2] (https://…) answered HTTP 404".
 */
export function fetchFailure(error: unknown, field: string, url: string): TrainingFailure {
  if (!(error instanceof RemoteFetchError)) {
    return new TrainingFailure('input_unreachable', `${field} (${url}) could not be fetched`);
  }
  const detail = error.message.startsWith(url)
    ? error.message.slice(url.length)
    : `: ${error.message}`;
  const code = error.reason === 'too_large' ? 'input_too_large' : 'input_unreachable';
  return new TrainingFailure(code, `${field} (${url})${detail}`);
}

// 'PK' then a local file header (03 04) or, for an empty archive, the end record (05 06).
const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  [0x0304, 0x0506].includes(((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0));

/**
 * What some bytes look like, for "is not audio (looks like text/html)": a media kind when
 * recognised, else a MIME type guessed from the first bytes, else what the server declared.
 */
export function describeContent(bytes: Uint8Array, declared?: string | null): string {
  if (bytes.length === 0) return 'an empty file';
  const info = inspectMedia(bytes);
  if (info) return `${info.format} ${info.kind}`;
  if (isZip(bytes)) return 'a zip archive';
  const head = Buffer.from(bytes.subarray(0, 512)).toString('utf8');
  if (/^\s*(<!doctype html|<html)/i.test(head)) return 'text/html';
  if (/^\s*[{[]/.test(head) && !head.includes('\0')) return 'application/json';
  // Text has no NUL bytes and decodes without replacement characters.
  if (!head.includes('\0') && !head.includes('\ufffd')) return 'text/plain';
  const type = declared?.split(';')[0]?.trim();
  return type ? `${type} data` : 'unrecognised binary data';
}
