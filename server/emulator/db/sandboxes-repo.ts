import type { Sandbox } from '../../../src/api/contract/sandbox';
import type { Principal } from '../principal';
import type { EmulatorDb } from './database';
import { fromJson, statement } from './sql';

/** A sandbox session; `packages` is the parsed `packages_json`. */
export interface SandboxRecord {
  sandbox_id: string;
  owner: string;
  stack: string;
  language: string;
  packages: string[];
  status: string;
  created_at: string;
}

type SandboxRow = Omit<SandboxRecord, 'packages'> & { packages_json: string };

export function insertSandbox(db: EmulatorDb, record: SandboxRecord): void {
  const { packages, ...rest } = record;
  statement(
    db,
    `INSERT INTO sandboxes (sandbox_id, owner, stack, language, packages_json, status, created_at)
     VALUES (@sandbox_id, @owner, @stack, @language, @packages_json, @status, @created_at)`,
  ).run({ ...rest, packages_json: JSON.stringify(packages) });
}

export function findSandbox(
  db: EmulatorDb,
  sandboxId: string,
  principal: Principal,
): SandboxRecord | null {
  const row = statement<[string, string, string], SandboxRow>(
    db,
    'SELECT * FROM sandboxes WHERE sandbox_id = ? AND owner = ? AND stack = ?',
  ).get(sandboxId, principal.keyHash, principal.stackId);
  if (!row) return null;
  const { packages_json, ...rest } = row;
  return { ...rest, packages: fromJson<string[]>(packages_json) ?? [] };
}

/** The spec's Sandbox: sandbox_id, status, language, created_at. */
export function toSandbox(record: SandboxRecord): Sandbox {
  return {
    sandbox_id: record.sandbox_id,
    status: record.status,
    language: record.language,
    created_at: record.created_at,
  };
}
