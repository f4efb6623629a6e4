import {
  imageGenerationRequestSchema,
  videoGenerationRequestSchema,
} from '../../api/contract/generation';
import type { ContractCheck } from './generation-request';

/** A body against the contract's zod schema for its endpoint. Loaded by contract-check.ts. */
export const checkWithSchema: ContractCheck = (kind, body) => {
  const schema = kind === 'image' ? imageGenerationRequestSchema : videoGenerationRequestSchema;
  return schema.safeParse(body).error?.issues ?? [];
};
