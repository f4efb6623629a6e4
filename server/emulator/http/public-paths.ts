/**
 * Routes served without an API key. Media URLs are loaded by `<img>`/`<audio>`, which cannot
 * send Authorization (their long random ids play the part of signed URLs); the OpenAPI
 * document describes the API and holds nothing private.
 */
export const mediaRoutePrefix = '/api/v1/media/';
export const openApiPath = '/api/v1/openapi.json';

export function isPublicPath(path: string): boolean {
  return path.startsWith(mediaRoutePrefix) || path === openApiPath;
}
