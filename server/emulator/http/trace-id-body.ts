/**
 * A JSON body kept as bytes up to `"trace_id":`, finished with this request's trace id. Large
 * bodies that repeat (a voice list, a cached t2a answer) are built once; sending them as a
 * string instead would measure and encode every byte again on each request.
 */
export function withTraceId(head: Buffer, traceId: string): Buffer<ArrayBuffer> {
  const tail = `${JSON.stringify(traceId)}}`;
  // Unzeroed: every byte is written just below.
  const body = Buffer.allocUnsafe(head.byteLength + Buffer.byteLength(tail));
  head.copy(body);
  body.write(tail, head.byteLength);
  return body;
}
