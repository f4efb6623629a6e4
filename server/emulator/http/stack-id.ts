import type { EndpointDef } from '../../../src/api/contract/endpoint';
import type { EmulatorContext } from './context';
import { invalidRequest } from './errors';

/** Long enough for any id format we have seen; short enough to be a sane index key. */
const MAX_STACK_ID_LENGTH = 200;

/**
 * The X-Stack-Id of a request, or '' when none was sent. It is required exactly where the
 * contract says `stackId: 'required'` (docs/api-decisions.md: 400 invalid_request naming it).
 */
export function readStackId(c: EmulatorContext, endpoint: EndpointDef): string {
  const value = (c.req.header('x-stack-id') ?? '').trim();
  if (value === '') {
    if (endpoint.stackId === 'required') {
      throw invalidRequest(
        `X-Stack-Id header is required on ${endpoint.method} /api${endpoint.path}.`,
      );
    }
    return '';
  }
  if (value.length > MAX_STACK_ID_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw invalidRequest(
      `X-Stack-Id must be printable ASCII without spaces, at most ${MAX_STACK_ID_LENGTH} characters.`,
    );
  }
  return value;
}
