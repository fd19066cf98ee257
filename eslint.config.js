import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** What services and policies may not import: Fastify's objects, and Kysely beyond its types. */
const SERVICE_PATHS = [
  { name: 'fastify', message: 'Services take a RequestContext and plain values, not Fastify objects.' },
  { name: 'kysely', message: 'SQL lives in *.repo.ts and db/.', allowTypeImports: true },
];

/** One unit of work per change (see the rule's block below); repeated where no-restricted-syntax is set again. */
const UNIT_OF_WORK_SYNTAX = [
  {
    selector: "CallExpression[callee.property.name='transaction']",
    message:
      'Commit a change through deps.change(ctx, async (u) => …) or, in a job, job.change / job.tx (unitOfWork/unitOfWork.ts).',
  },
  {
    selector: "MemberExpression[object.name='deps'][property.name='wake']",
    message: 'deps.change() wakes the worker after commit when the unit enqueued a job or a mail.',
  },
];

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
    // Policies and services take plain values, never Fastify's request or reply.
    files: ['apps/server/src/**/*.policy.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: SERVICE_PATHS }],
    },
  },
  {
    // Services ask their domain's policy (or requireAccess), never the principal's raw rights.
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: SERVICE_PATHS,
          patterns: [
            {
              group: ['**/access/principal.js'],
              importNames: ['hasPermission', 'hasRole', 'isAdmin'],
              message: "Ask the domain's <domain>.policy.ts (or requireAccess), not the principal's raw rights.",
            },
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
    // One unit of work per change: services commit through deps.change(), jobs through
    // job.change() or job.tx(), which wake the worker. Only repositories open a transaction
    // (inside the connection they are given).
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/modules/**/*.ts', 'apps/server/src/worker/**/*.ts'],
    ignores: ['apps/server/src/**/*.repo.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...UNIT_OF_WORK_SYNTAX],
    },
  },
  {
    // Repositories are built in one place, the composition root's makeRepos (src/repos.ts): services
    // read deps.repos, units of work u.repos / t.repos, jobs ctx.repos. Elsewhere a *.repo.js
    // module gives types (and plain constants), never a repository factory.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/worker/**/*.ts'],
    ignores: ['apps/server/src/**/*.repo.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...UNIT_OF_WORK_SYNTAX,
        {
          selector:
            "ImportDeclaration[importKind='value'][source.value=/\\.repo\\.js$/] > ImportSpecifier[importKind='value'][imported.name=/Repo$/]",
          message:
            'Use the registered repository (deps.repos, u.repos / t.repos in a unit of work, ctx.repos in a job); register a new one in src/repos.ts.',
        },
        {
          selector: "ImportDeclaration[importKind='value'][source.value=/\\.repo\\.js$/] > ImportNamespaceSpecifier",
          message: 'Import types from a *.repo.js module by name (import type); repositories come from deps.repos.',
        },
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
