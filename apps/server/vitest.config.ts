import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Files that must not share a process with others: they mock a module every file uses
 * (vi.mock('fastify')), fake the clock, or start and kill server processes.
 */
const ISOLATED = [
  'src/http/fuzz.test.ts',
  'src/http/authz.matrix.test.ts',
  'src/db/schemaDump.test.ts',
  'src/cluster.test.ts',
  'src/scaleOut.test.ts',
  'src/modules/uploads/faults.test.ts',
  'src/modules/uploads/staleUploads.test.ts',
  'src/modules/reports/reports.clients.test.ts',
  'src/db/restart.test.ts',
  'src/db/startupLock.test.ts',
  'src/jobs/redis/redisAway.test.ts',
  'src/jobs/lease.test.ts',
];

const common = { pool: 'forks', maxWorkers: 2, testTimeout: 30_000, hookTimeout: 60_000 } as const;

const project = (test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  test: { ...common, ...test },
});

export default defineConfig({
  test: {
    ...common,
    // The migrated template database each test copies instead of migrating (test/templateBuild.ts).
    globalSetup: ['test/globalSetup.ts'],
    projects: [
      // A shared runner is kept only while the next file is of the same kind: one group at a time.
      project({ name: 'isolated', include: ISOLATED, isolate: true, sequence: { groupOrder: 0 } }),
      // The rest share each worker's module graph (the app and its libraries load once per worker).
      project({
        name: 'shared',
        include: ['src/**/*.test.ts'],
        exclude: ISOLATED,
        isolate: false,
        sequence: { groupOrder: 1 },
      }),
    ],
  },
});
