import { envelopeContent, errorRef } from './refs';

const binary = { schema: { type: 'string', format: 'binary' } };

const mediaParameters = (withName: boolean) => [
  {
    name: 'id',
    in: 'path',
    required: true,
    description: 'Opaque, unguessable media id from a URL the API returned.',
    schema: { type: 'string' },
  },
  ...(withName
    ? [
        {
          name: 'name',
          in: 'path',
          required: true,
          description: 'Any file name: for people and downloads, ignored when serving.',
          schema: { type: 'string' },
        },
      ]
    : []),
  {
    name: 'Range',
    in: 'header',
    required: false,
    description: 'One byte range: `bytes=a-b`, `bytes=a-` or `bytes=-n`.',
    schema: { type: 'string' },
  },
];

function mediaOperation(method: 'get' | 'head', withName: boolean) {
  return {
    operationId: `media.${method}${withName ? 'Named' : ''}`,
    summary: 'Bytes of generated or uploaded media (public: the URL is the credential)',
    security: [],
    parameters: mediaParameters(withName),
    responses: {
      '200': { description: 'The whole resource.', content: { '*/*': binary } },
      '206': { description: 'The requested range.', content: { '*/*': binary } },
      '304': { description: 'Not modified (If-None-Match matched the ETag).' },
      '404': errorRef('not_found'),
      '416': {
        description: 'Range not satisfiable; Content-Range gives the size.',
        content: envelopeContent,
      },
    },
  };
}

/** The media route (not an EndpointDef: it serves bytes, outside the spec's JSON API). */
export function mediaOperations() {
  return {
    '/api/v1/media/{id}': {
      get: mediaOperation('get', false),
      head: mediaOperation('head', false),
    },
    '/api/v1/media/{id}/{name}': {
      get: mediaOperation('get', true),
      head: mediaOperation('head', true),
    },
  };
}

export function openApiOperation() {
  return {
    '/api/v1/openapi.json': {
      get: {
        operationId: 'openapi.get',
        summary: 'This document',
        security: [],
        responses: {
          '200': { description: 'OpenAPI 3.1 document.', content: { 'application/json': {} } },
        },
      },
    },
  };
}
