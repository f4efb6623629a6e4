// No zod here: the Settings page fills and reads the form with these at once; the schema that
// explains each rule (connection-form-schema.ts) loads when the form first validates.
import { checkConnection, type Connection } from '../../lib/connection-settings';
import type { ConnectionFormValues } from './connection-form-schema';

export type { ConnectionFormValues };

/** The connection to keep, from values the form's schema has accepted (the same rules). */
export function toConnection(values: ConnectionFormValues): Connection {
  if (values.mode === 'gateway') return { mode: 'gateway' };
  const checked = checkConnection({
    mode: 'direct',
    baseUrl: values.baseUrl.trim(),
    apiKey: values.apiKey.trim(),
    stackId: values.stackId.trim() || undefined,
  });
  if ('broken' in checked) throw new Error(checked.broken);
  return checked;
}

export function toFormValues(connection: Connection): ConnectionFormValues {
  if (connection.mode === 'gateway')
    return { mode: 'gateway', baseUrl: '', apiKey: '', stackId: '' };
  return {
    mode: 'direct',
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    stackId: connection.stackId ?? '',
  };
}
