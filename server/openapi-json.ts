import { z } from 'zod';
import { errorEnvelopeSchema } from '../src/api/contract/envelope';

// The pieces every part of the gateway's OpenAPI document (history, notifications, usage) is
// written with: its schemas come from the contract, never written twice.

export type JsonSchema = Record<string, unknown>;

/** JSON Schema of a contract schema; OpenAPI 3.1 sets the dialect, so `$schema` goes. */
export function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any', io });
  return rest;
}

/** A JSON body of this schema, as a request (`input`) or an answer (`output`). */
export const json = (schema: z.core.$ZodType, io: 'input' | 'output' = 'output') => ({
  'application/json': { schema: jsonSchema(schema, io) },
});

/** An error answer, in the API's envelope. */
export const error = (description: string) => ({
  description,
  content: json(errorEnvelopeSchema),
});

/** A string path parameter. */
export const pathParameter = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
