import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'bench/data-bench/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Services take a request context and plain values, never Fastify's request or reply.
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.policy.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'fastify', message: 'Services take a RequestContext and plain values, not Fastify objects.' },
            { name: 'kysely', message: 'SQL lives in *.repo.ts and db/.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // SQL only in repos: the rest of a domain module may name Kysely's types, never build queries.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**/*.repo.ts',
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/**/*.service.ts',
      'apps/server/src/**/*.policy.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'SQL lives in *.repo.ts and db/.', allowTypeImports: true }] },
      ],
    },
  },
  {
    // Journeys take `test` from support/test.ts, which closes the browser contexts they open.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: 'Import test and expect from ../support/test: it closes the contexts a journey opens.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
