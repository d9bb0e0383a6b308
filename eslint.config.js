// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-test/**',
      '**/node_modules/**',
      'data/**',
      'e2e/artifacts/**',
      'bench/results/**',
      '**/.turbo/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // tRPC's internals change between releases without notice: one file wraps each one we use,
    // and its contract test fails when the pinned version changes them.
    files: ['**/*.{ts,tsx,mts,mjs}'],
    ignores: ['apps/server/src/trpc/trpc-internals.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(_def|_config|internal_[A-Za-z]+)$/]',
          message: 'tRPC internals are used only through apps/server/src/trpc/trpc-internals.ts.',
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@trpc/*/unstable-*', '@trpc/*/dist/*'],
              message: "tRPC's internal modules are used only through trpc-internals.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // The browser gets the API's types, never server code.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@app/api',
              allowTypeImports: true,
              message: 'The web app imports only types from @app/api (import type …).',
            },
          ],
          patterns: [
            {
              group: [
                '@app/db',
                '@app/sandbox',
                '@app/seed',
                '@app/server',
                '**/apps/server/**',
                '**/packages/*/src/**',
              ],
              message: 'The web app does not import server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's code awaits every query (better-sqlite3 answers at once, PostgreSQL does not):
    // a query or write left unawaited would run outside its transaction or after its answer.
    files: ['packages/api/src/**/*.ts', 'packages/seed/src/**/*.ts', 'apps/server/src/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // better-sqlite3's synchronous calls serve one database only. The SQLite event modules (the
    // outbox read before a cached read, PRAGMA data_version) and the health check keep them.
    files: ['packages/api/src/**/*.ts', 'packages/seed/src/**/*.ts', 'apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/trpc/trpc-internals.ts',
      'packages/api/src/events/outbox-bus.ts',
      'packages/api/src/events/doorbell.ts',
      'packages/api/src/events/broadcasts.ts',
      'packages/seed/src/age-demo-content.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(_def|_config|internal_[A-Za-z]+)$/]',
          message: 'tRPC internals are used only through apps/server/src/trpc/trpc-internals.ts.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|all|run)$/][arguments.length=0], CallExpression[callee.property.name=/^(get|all|run)$/][arguments.0.type=/^(ObjectExpression|TaggedTemplateExpression)$/]',
          message:
            'Await the query (`await firstRow(query)`, `await prepared.execute({...})`, `await dialect.rows(tx, sql…)`): better-sqlite3’s synchronous calls serve SQLite only.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
