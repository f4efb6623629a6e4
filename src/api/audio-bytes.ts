import { ApiError, clientErrorCodes } from './api-error';

/** Long enough for a minute of WAV on a slow link; the compare still plays if it gives up. */
const timeoutMs = 30_000;

/**
 * The bytes of audio the service or the gateway serves (a take's media URL), for measuring
 * in the browser. Not through the API client: a media URL is not an API endpoint and has no
 * envelope to check. Cookies go along for the gateway's own origin, as for the <audio> element
 * playing it; a cross-origin URL without CORS headers fails here and only costs the measure.
 */
export async function fetchAudioBytes(url: string, signal?: AbortSignal): Promise<Blob> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { signal: combined, credentials: 'same-origin' });
  } catch (cause) {
    const timedOut = timeout.aborted && !signal?.aborted;
    throw new ApiError({
      code: signal?.aborted
        ? clientErrorCodes.aborted
        : timedOut
          ? clientErrorCodes.timeout
          : clientErrorCodes.network,
      message: timedOut
        ? `The audio took longer than ${timeoutMs / 1000} s to download and was stopped.`
        : 'The audio could not be downloaded.',
      status: null,
      cause,
    });
  }
  if (!response.ok) {
    throw new ApiError({
      code: clientErrorCodes.http,
      message: `The audio could not be downloaded (HTTP ${response.status}).`,
      status: response.status,
    });
  }
  return response.blob();
}
