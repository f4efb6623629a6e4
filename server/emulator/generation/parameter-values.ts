import { invalidRequest } from '../http/errors';

/**
 * Readers for the output settings inside `parameters`. The contract leaves their value types
 * open ("not shown"), so the emulator reads them here: numbers may also come as numeric strings
 * (form fields), and a value that is neither is a 400 naming `parameters.<name>`.
 */
export type Parameters = Readonly<Record<string, unknown>>;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** The first of `names` that is present, as a finite number. */
export function readNumber(parameters: Parameters, names: readonly string[]): number | undefined {
  const name = names.find((candidate) => present(parameters[candidate]));
  if (name === undefined) return undefined;
  const value = parameters[name];
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw invalidRequest(`parameters.${name}: must be a number (got ${shown(value)})`);
  }
  return number;
}

/** A whole number from min to max, or a 400 naming the field. */
export function readCount(
  parameters: Parameters,
  names: readonly string[],
  [min, max]: readonly [number, number],
): number | undefined {
  const value = readNumber(parameters, names);
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) {
    const name = names.find((candidate) => present(parameters[candidate]));
    throw invalidRequest(
      `parameters.${name}: must be a whole number from ${min} to ${max} (got ${value})`,
    );
  }
  return value;
}

/** `size` as "1024x768" (also with `*` or `×` between); width and height override it. */
export function readSize(parameters: Parameters): { width?: number; height?: number } {
  const size = parameters.size;
  let fromSize: { width?: number; height?: number } = {};
  if (present(size)) {
    const match = typeof size === 'string' ? /^\s*(\d+)\s*[x×*]\s*(\d+)\s*$/i.exec(size) : null;
    if (!match) {
      throw invalidRequest(
        `parameters.size: must be WIDTHxHEIGHT, e.g. 1024x1024 (got ${shown(size)})`,
      );
    }
    fromSize = { width: Number(match[1]), height: Number(match[2]) };
  }
  const width = readNumber(parameters, ['width']) ?? fromSize.width;
  const height = readNumber(parameters, ['height']) ?? fromSize.height;
  return { ...(width !== undefined && { width }), ...(height !== undefined && { height }) };
}

/** An integer seed, when one is given. */
export function readSeed(parameters: Parameters): number | undefined {
  const seed = readNumber(parameters, ['seed']);
  return seed === undefined ? undefined : Math.trunc(seed);
}
