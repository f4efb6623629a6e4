import {
  buildPath,
  type DefinitionOf,
  type EndpointInput,
  type EndpointRoute,
} from './contract/endpoint';
import { toSearchParams } from './search-params';

/** Where a copied command sends its request. The key is never part of it. */
export interface CurlTarget {
  /** Service origin, without `/api/v1` (e.g. `https://api.example.com`). */
  baseUrl: string;
  /** The stack id when the dashboard knows it; otherwise a shell variable stands in. */
  stackId: string | null;
}

/** Shell variables the command reads, so a key pasted into a terminal never sits in history. */
export const curlKeyVariable = 'MEDIA_API_KEY';
export const curlStackVariable = 'MEDIA_STACK_ID';

/** POSIX single quoting: everything literal, a quote itself closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

function multipartFields(body: Record<string, unknown>): string[] {
  const fields: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) {
      const filename = value instanceof File && value.name ? value.name : name;
      // `@` reads the file from disk; the name is quoted but the path is what the user has.
      fields.push(`-F ${shellQuote(`${name}=@${filename}`)}`);
    } else {
      // `--form-string` never treats a leading @ or < in a value as a file to read.
      fields.push(`--form-string ${shellQuote(`${name}=${String(value)}`)}`);
    }
  }
  return fields;
}

/**
 * The request the dashboard makes, as a curl command against the service itself (the direct
 * URL form), with the key read from `$MEDIA_API_KEY`. Pure: the same input gives the same text,
 * so it can be rendered for a form that has not been sent yet.
 */
export function renderCurl<R extends EndpointRoute>(
  endpoint: R,
  input: EndpointInput<DefinitionOf<R>>,
  target: CurlTarget,
): string {
  const parts = input as { params?: Record<string, string>; query?: unknown; body?: unknown };
  const search = toSearchParams(parts.query);
  const url = `${target.baseUrl.replace(/\/+$/, '')}/api${buildPath(endpoint.path, parts.params)}${
    search ? `?${search}` : ''
  }`;
  const lines = [`curl -X ${endpoint.method} ${shellQuote(url)}`];
  lines.push(`-H "Authorization: Bearer $${curlKeyVariable}"`);
  if (target.stackId) lines.push(`-H ${shellQuote(`X-Stack-Id: ${target.stackId}`)}`);
  else if (endpoint.stackId === 'required') lines.push(`-H "X-Stack-Id: $${curlStackVariable}"`);
  if (parts.body !== undefined && endpoint.bodyEncoding === 'multipart') {
    lines.push(...multipartFields(parts.body as Record<string, unknown>));
  } else if (parts.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`--data-raw ${shellQuote(JSON.stringify(parts.body, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}
