import { randomBytes } from 'node:crypto';

export type Part =
  | { name: string; value: string }
  | {
      name: string;
      filename: string;
      /** Send the name as RFC 5987 `filename*=UTF-8''…`, which can carry any character. */
      encoded?: boolean;
      contentType?: string;
      data: Uint8Array | string;
    };

/**
 * A multipart/form-data body built by hand, so tests control exactly what goes on the wire
 * (raw file names with control characters, part order, a declared Content-Length).
 */
export function multipart(parts: Part[]): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? part.encoded
          ? `form-data; name="${part.name}"; filename*=UTF-8''${encodeURIComponent(part.filename)}`
          : `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
    const type =
      'filename' in part
        ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
        : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.from('filename' in part ? part.data : part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: new Uint8Array(Buffer.concat(chunks)),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
