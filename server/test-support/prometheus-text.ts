export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape in the Prometheus text format (comments and types left out). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line.trim());
    if (!match || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of match[2]?.matchAll(LABEL) ?? []) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/**
 * The value of the one sample named so whose labels include `labels`; undefined when there is
 * none. Throws when several match, so a test never reads the wrong series by accident.
 */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
  return found[0]?.value;
}
