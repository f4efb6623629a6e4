// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { packageNameMaxLength } from './package-tags';
import { sandboxFormSchema } from './sandbox-form-schema';

function issues(values: unknown) {
  const result = sandboxFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('sandboxFormSchema', () => {
  it('accepts a language and valid package names', () => {
    expect(issues({ language: 'python', packages: ['numpy==2.1', '@scope/pkg@1.2'] })).toEqual([]);
  });

  it('names each bad package with the rule its tag is checked with', () => {
    expect(
      issues({ language: 'python', packages: ['ok', '', 'two words', 'a'.repeat(215)] }),
    ).toEqual([
      ['packages.1', 'a package name must not be empty'],
      ['packages.2', 'a package name has no spaces'],
      ['packages.3', `a package name is at most ${packageNameMaxLength} characters`],
    ]);
  });

  it('keeps the contract’s language rule', () => {
    expect(issues({ language: 'ruby', packages: [] })).toEqual([
      ['language', 'language must be one of python, javascript, typescript'],
    ]);
  });
});
