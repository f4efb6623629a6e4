/**
 * A response body as text, decoded chunk by chunk as it arrives. `Response.text()` decodes
 * the whole body only once its last byte is in, on the main thread: for the 5 MB voice
 * catalog that is tens of ms between the response's end and its first render. Decoding while
 * the transfer runs leaves only the last chunk for after it.
 */
export async function readBodyText(response: Response): Promise<string> {
  const body = response.body;
  if (!body) return response.text();
  const reader = body.getReader();
  // fatal: false, as in `text()`: malformed bytes become U+FFFD rather than an error.
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.length === 1 ? parts[0]! : parts.join('');
}
