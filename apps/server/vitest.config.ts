import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The migrated template database each test copies instead of migrating (test/templateBuild.ts).
    globalSetup: ['test/globalSetup.ts'],
  },
});
