import type { KnownErrorCode } from '../../../src/api/contract/envelope';

/** Names under components/responses, one per error code. */
export const errorResponseNames: Record<KnownErrorCode, string> = {
  invalid_request: 'InvalidRequest',
  unauthorized: 'Unauthorized',
  not_found: 'NotFound',
  rate_limit_exceeded: 'RateLimitExceeded',
  request_failed: 'RequestFailed',
};

export const errorRef = (code: KnownErrorCode) => ({
  $ref: `#/components/responses/${errorResponseNames[code]}`,
});

export const envelopeContent = {
  'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
};
