import { createHash } from 'node:crypto';

const MB = 1024 * 1024;

/**
 * A multipart upload of `megabytes` MB generated on the fly: nothing the size of the file
 * exists in memory on either side. Returns the body stream and the sha256 it will have.
 */
export function streamedUpload(megabytes: number) {
  const boundary = 'streamed-boundary-7f3a';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nvideo-input\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MB, 'media-studio-');
  const hash = createHash('sha256');
  for (let i = 0; i < megabytes; i++) hash.update(chunk);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) controller.enqueue(head);
      else if (sent < megabytes) controller.enqueue(chunk);
      else if (sent === megabytes) controller.enqueue(tail);
      else controller.close();
      sent += 1;
    },
  });
  return {
    body,
    sha256: hash.digest('hex'),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
