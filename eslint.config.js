import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const featureAreas = [
  'generate',
  'voices',
  'speech',
  'training',
  'jobs',
  'files',
  'sandbox',
  'settings',
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'test-results',
      'playwright-report',
      '.data',
      'coverage',
      'reports',
      '.stryker-tmp*',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // Only src/api speaks HTTP in the browser: everything else goes through its client.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through src/api, not fetch directly.' },
        { name: 'XMLHttpRequest', message: 'Call the API through src/api.' },
      ],
    },
  },
  {
    // The browser uses zod/mini only (src/api/contract/zod.ts): zod's chunk loads with a page's
    // first request, and one classic import anywhere would bring the whole classic API into it.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type']",
          message: "Import z from src/api/contract/zod (zod/mini), not 'zod'.",
        },
        {
          // The first collator a page makes loads the browser's locale data, tens of
          // milliseconds of a phone's main thread in the middle of a render.
          selector: "CallExpression[callee.property.name='localeCompare']",
          message:
            'Compare with compareNames (src/lib/compare-text.ts) or compareCodeUnits, not localeCompare.',
        },
      ],
    },
  },
  {
    // The contract is shared with the server: it may not depend on browser or server code.
    files: ['src/api/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '!../contract/*', 'react', 'react-*'],
              message: 'The contract imports only zod and itself.',
            },
          ],
        },
      ],
    },
  },
  // Features do not reach into each other; shared pieces live in src/components or src/lib.
  ...featureAreas.map((area) => ({
    files: [`src/features/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(?!${area}/)(${featureAreas.join('|')})(/|$)`,
              message: `Features do not import each other: move what ${area} shares to src/components or src/lib.`,
            },
          ],
        },
      ],
    },
  })),
);
