/** API field names (as the contract's messages spell them), each with the label its form shows. */
export type FieldLabels = Readonly<Record<string, string>>;

// A field name at the start of a message: `voice_id must…`, `parameters.image_url is…`, `tool: …`.
const leadingField = /^([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*)(?=[\s:])/i;

/**
 * A message as a form shows it. The contract's messages name API fields (`voice_id must not be
 * empty`) because the server and the API's callers read them too; beside a form's field the
 * name is the label the person sees (`Voice must not be empty`).
 */
export function labelledMessage(message: string, labels: FieldLabels): string {
  const field = leadingField.exec(message)?.[1];
  const label = field === undefined ? undefined : labels[field];
  return label === undefined ? message : label + message.slice(field!.length);
}

/**
 * react-hook-form's errors with every message labelled, nested fields included. The `ref` of
 * each error (a DOM element) is left as it is.
 */
export function labelledErrors<T extends object>(errors: T, labels: FieldLabels): T {
  const relabel = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map(relabel);
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'ref') copy[key] = inner;
      else if (key === 'message' && typeof inner === 'string')
        copy[key] = labelledMessage(inner, labels);
      else copy[key] = relabel(inner);
    }
    return copy;
  };
  return relabel(errors) as T;
}
