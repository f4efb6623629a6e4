import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from './contract/envelope';
import { errorFromResponse, isErrorEnvelope } from './response-errors';
import { badValues } from '../test/hand-check-agreement';

describe('isErrorEnvelope', () => {
  const envelope = { error: { code: 'not_found', message: 'No voice v_9' } };

  it('decides as the envelope’s schema does, on every kind of body', () => {
    const bodies: unknown[] = [
      envelope,
      { ...envelope, trace_id: 'tr_1' },
      { error: { ...envelope.error, details: [{ field: 'text' }] } },
      { error: { code: 'x', message: '' } },
      { error: { code: '', message: 'Empty code' } },
      { error: { code: 'x' } },
      { error: { message: 'No code' } },
      { error: 'not_found' },
      { error: [] },
      { error: null },
      { data: {} },
      JSON.parse('{"__proto__": {"x": 1}, "error": {"code": "x", "message": "m"}}'),
      ...badValues,
      ...badValues.map((bad) => ({ error: { ...envelope.error, code: bad } })),
      ...badValues.map((bad) => ({ error: { ...envelope.error, message: bad } })),
      ...badValues.map((bad) => ({ error: bad })),
    ];
    for (const body of bodies)
      expect(isErrorEnvelope(body), JSON.stringify(body)).toBe(
        errorEnvelopeSchema.safeParse(body).success,
      );
  });
});

describe('errorFromResponse', () => {
  const respond = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Response(body, { status, headers });

  it('takes the code, the message and the trace id of the service’s envelope', () => {
    const error = errorFromResponse(
      respond(
        404,
        JSON.stringify({ error: { code: 'not_found', message: 'No voice v_9' }, trace_id: 'tr_1' }),
      ),
      '{"error":{"code":"not_found","message":"No voice v_9"},"trace_id":"tr_1"}',
      'Reading the voice',
    );
    expect(error).toMatchObject({
      code: 'not_found',
      message: 'No voice v_9',
      status: 404,
      traceId: 'tr_1',
    });
  });

  it('says what failed when the envelope’s message is empty, and prefers the header’s trace id', () => {
    const text = '{"error":{"code":"request_failed","message":""},"trace_id":"tr_body"}';
    const error = errorFromResponse(
      respond(500, text, { 'x-trace-id': 'tr_header' }),
      text,
      'Synthesis',
    );
    expect(error).toMatchObject({
      code: 'request_failed',
      message: 'Synthesis failed with HTTP 500.',
      traceId: 'tr_header',
    });
  });

  it('describes a body that is not the envelope, and names a proxy for a 502', () => {
    const text = '<html><body>Bad gateway</body></html>';
    const error = errorFromResponse(
      respond(502, text, { 'content-type': 'text/html' }),
      text,
      'Listing voices',
    );
    expect(error.code).toBe('http_error');
    expect(error.message).toBe(
      'Listing voices failed: the server answered HTTP 502 Bad Gateway with an HTML page instead of an API error. A proxy or gateway between the dashboard and the service could not get an answer.',
    );
    const half = '{"error":{"code":"","message":"x"}}';
    expect(errorFromResponse(respond(400, half), half, 'Saving').code).toBe('http_error');
  });
});
