export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A fetch-shaped call over XMLHttpRequest, for the one thing fetch cannot do: report upload
 * progress. It answers a standard Response, so the client handles errors, aborts and timeouts
 * exactly as for fetch.
 */
export function xhrFetch(
  url: string,
  init: RequestInit,
  onUploadProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      onUploadProgress({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : event.loaded,
      });
    };
    xhr.onload = () => {
      onUploadProgress({ loaded: 1, total: 1 });
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    const signal = init.signal;
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}
