import picomatch from 'picomatch';
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

/**
 * What differs between Node releases, for the suite on the other supported Node versions
 * (scripts/test-other-node.mjs sets TEST_FILES=runtime): the SQLite driver and its FTS5, the
 * migrator, Unicode folding (ICU), the native addons (sharp, canvas, argon2, the file watcher,
 * exiftool's process), crypto, streams and worker threads, and the server's start as `npm start`
 * runs it. The whole suite runs on the machine's Node on both databases. A test file of that
 * kind joins by its path matching here.
 */
export const RUNTIME_SENSITIVE = [
  'src/runtime.test.ts',
  'src/cluster.test.ts',
  'src/db/migrate.test.ts',
  'src/db/schemaDump.test.ts',
  'src/db/fold.test.ts',
  'src/db/startupLock.test.ts',
  'src/media/**/*.test.ts',
  'src/storage/**/*.test.ts',
  'src/analysis/thread.test.ts',
  'src/ops/**/*.test.ts',
  'src/http/http.test.ts',
  'src/http/multipart.test.ts',
  'src/jobs/searchFtsMerge.test.ts',
  'src/modules/search/search.test.ts',
  'src/modules/auth/auth.test.ts',
  'src/modules/audit/audit.test.ts',
  'src/modules/uploads/uploads.test.ts',
  'src/modules/uploads/uploadWriter.test.ts',
  'src/modules/downloads/**/*.test.ts',
  'src/modules/metadata/embed/**/*.test.ts',
  'src/modules/watermarks/**/*.test.ts',
  'src/modules/reports/xlsx/**/*.test.ts',
  'src/modules/sync/sync.watch.test.ts',
  'src/modules/users/users.photos.test.ts',
];

const subset = process.env.TEST_FILES === 'runtime' ? RUNTIME_SENSITIVE : undefined;
if (process.env.TEST_FILES && !subset) throw new Error(`TEST_FILES=${process.env.TEST_FILES}: only "runtime" is known`);
const matcher = subset ? picomatch(subset) : undefined;
const inSubset = (file: string) => matcher?.(file) ?? true;

// Analyses run at the lowest CPU priority in production (ANALYSIS_NICE); on a test machine every
// process is foreground work, and a starved model would only turn into a timeout.
const common = {
  pool: 'forks',
  maxWorkers: 2,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { ANALYSIS_NICE: '0' },
} as const;

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
      project({ name: 'isolated', include: ISOLATED.filter(inSubset), isolate: true, sequence: { groupOrder: 0 } }),
      // The rest share each worker's module graph (the app and its libraries load once per worker).
      project({
        name: 'shared',
        include: subset ?? ['src/**/*.test.ts'],
        exclude: ISOLATED,
        isolate: false,
        sequence: { groupOrder: 1 },
      }),
    ],
  },
});
