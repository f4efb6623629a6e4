// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addPackages,
  packageNameMaxLength,
  packageNameProblem,
  removePackage,
  splitPackages,
} from './package-tags';

describe('splitPackages', () => {
  it('splits on commas and whitespace and drops empty pieces', () => {
    expect(splitPackages('numpy, pandas requests')).toEqual(['numpy', 'pandas', 'requests']);
    expect(splitPackages(' ,\n numpy,,\tpandas , ')).toEqual(['numpy', 'pandas']);
    expect(splitPackages('   ')).toEqual([]);
  });

  it('keeps version specifiers and scopes whole', () => {
    expect(splitPackages('numpy==2.1, @scope/pkg@1.2')).toEqual(['numpy==2.1', '@scope/pkg@1.2']);
  });
});

describe('packageNameProblem', () => {
  it('accepts pip and npm names with versions', () => {
    for (const name of ['numpy', 'numpy==2.1', 'pandas>=2', '@scope/pkg@1.2', 'left-pad']) {
      expect(packageNameProblem(name)).toBeNull();
    }
  });

  it('refuses empty names, whitespace and names over the limit', () => {
    expect(packageNameProblem('')).toMatch(/empty/);
    expect(packageNameProblem('two words')).toMatch(/no spaces/);
    expect(packageNameProblem('a'.repeat(packageNameMaxLength))).toBeNull();
    expect(packageNameProblem('a'.repeat(packageNameMaxLength + 1))).toMatch(/214/);
  });
});

describe('addPackages', () => {
  it('adds one name, trimmed', () => {
    expect(addPackages([], '  numpy ')).toEqual({
      tags: ['numpy'],
      added: ['numpy'],
      rest: '',
      problem: null,
    });
  });

  it('adds several pasted names in order', () => {
    const update = addPackages(['scipy'], 'numpy, pandas requests');
    expect(update.tags).toEqual(['scipy', 'numpy', 'pandas', 'requests']);
    expect(update.added).toEqual(['numpy', 'pandas', 'requests']);
    expect(update.problem).toBeNull();
  });

  it('refuses empty input', () => {
    const update = addPackages(['numpy'], ' , ');
    expect(update.tags).toEqual(['numpy']);
    expect(update.added).toEqual([]);
    expect(update.problem).toBe('Type a package name first.');
  });

  it('refuses duplicates, whatever their case, and drops them from the input', () => {
    const update = addPackages(['numpy'], 'NumPy pandas pandas');
    expect(update.tags).toEqual(['numpy', 'pandas']);
    expect(update.added).toEqual(['pandas']);
    expect(update.rest).toBe('');
    expect(update.problem).toBe('NumPy is already in the list.');
  });

  it('leaves names that break the rule in the input to be corrected', () => {
    const long = 'x'.repeat(packageNameMaxLength + 1);
    const update = addPackages([], `numpy ${long}`);
    expect(update.tags).toEqual(['numpy']);
    expect(update.rest).toBe(long);
    expect(update.problem).toMatch(/at most 214 characters/);
  });
});

describe('removePackage', () => {
  it('removes only the named tag', () => {
    expect(removePackage(['numpy', 'pandas'], 'numpy')).toEqual(['pandas']);
    expect(removePackage(['numpy'], 'scipy')).toEqual(['numpy']);
  });
});
