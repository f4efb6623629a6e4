import { z } from 'zod';

/** `.env`-style sources often carry `VAR=` to mean "not set": treat blanks as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const number = (rule: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, rule)
    .transform(Number);

const wholeNumber = (rule: string) => z.string().trim().regex(/^\d+$/, rule).transform(Number);

const apiKeys = z.string().transform((value, ctx) => {
  const keys = value
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (keys.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'must list at least one key' });
  } else if (keys.some((key) => !/^[\x21-\x7e]+$/.test(key))) {
    ctx.addIssue({ code: 'custom', message: 'keys must be printable ASCII without spaces' });
  }
  return keys;
});

export const emulatorEnvSchema = z.object({
  EMULATOR_PORT: optional(
    wholeNumber('must be a whole number').refine((n) => n <= 65535, 'must be between 0 and 65535'),
  ).default(8788),
  EMULATOR_HOST: optional(z.string().trim()).default('127.0.0.1'),
  EMULATOR_API_KEYS: optional(apiKeys).default(['local-dev-key']),
  EMULATOR_DATA_DIR: optional(z.string().trim()).default('./.data'),
  /** Overrides every training job's duration; unset means a per-kind default (trainingDurationMs). */
  EMULATOR_TRAINING_SECONDS: optional(
    number('must be a positive number of seconds').refine((n) => n > 0, 'must be positive'),
  ),
  EMULATOR_RATE_LIMIT: optional(
    wholeNumber('must be a whole number of requests per minute').refine(
      (n) => n >= 1,
      'must be at least 1',
    ),
  ).default(600),
  EMULATOR_FAULTS: optional(
    number('must be a number from 0 to 1').refine((n) => n <= 1, 'must be a number from 0 to 1'),
  ).default(0),
  EMULATOR_MAX_UPLOAD_MB: optional(
    number('must be a positive number of megabytes').refine((n) => n > 0, 'must be positive'),
  ).default(512),
  EMULATOR_VOICES: optional(wholeNumber('must be a whole number (0 or more)')),
  EMULATOR_CELEBRITY: optional(z.enum(['0', '1'], { error: 'must be 0 or 1' }))
    .default('0')
    .transform((flag) => flag === '1'),
});

export type EmulatorEnv = z.infer<typeof emulatorEnvSchema>;

/** Parses the environment; throws one Error naming every bad variable and its rule. */
export function loadEmulatorEnv(source: Record<string, string | undefined>): EmulatorEnv {
  const result = emulatorEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  - ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new Error(`Invalid emulator environment:\n${lines.join('\n')}`);
}

export type TrainingKind = 'voice' | 'music_lora' | 'video_lora';

/**
 * Base durations feel like a real (short) job in a demo without making tests or people wait
 * minutes. `typicalInputs` is the middle of the spec's recommended dataset size: a typical
 * dataset takes the base time, smaller ones less, larger ones more.
 */
const trainingProfiles: Record<TrainingKind, { baseSeconds: number; typicalInputs: number }> = {
  voice: { baseSeconds: 45, typicalInputs: 6 },
  music_lora: { baseSeconds: 90, typicalInputs: 17 },
  video_lora: { baseSeconds: 120, typicalInputs: 14 },
};

/** How long a training job runs: EMULATOR_TRAINING_SECONDS when set, else scaled per kind. */
export function trainingDurationMs(
  kind: TrainingKind,
  inputCount: number,
  env: Pick<EmulatorEnv, 'EMULATOR_TRAINING_SECONDS'>,
): number {
  if (env.EMULATOR_TRAINING_SECONDS !== undefined)
    return Math.round(env.EMULATOR_TRAINING_SECONDS * 1000);
  const { baseSeconds, typicalInputs } = trainingProfiles[kind];
  const inputs = Math.max(0, Number.isFinite(inputCount) ? inputCount : 0);
  // Half the base for an empty dataset, the base for a typical one, at most twice the base.
  const factor = Math.min(2, 0.5 + (0.5 * inputs) / typicalInputs);
  return Math.round(baseSeconds * 1000 * factor);
}
