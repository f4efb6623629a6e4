/**
 * The page's Content-Security-Policy forbids eval. zod compiles fast object parsers with
 * `new Function` unless told not to, and even its probe for eval is reported as a CSP violation.
 * Its settings live on globalThis so that every copy of the library shares them; setting them
 * here, in the entry chunk, reaches every schema that a later chunk builds, without bringing
 * zod itself into the first page. zod-without-eval.test.ts checks zod still reads them there.
 */
export function disableZodEval(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
}
