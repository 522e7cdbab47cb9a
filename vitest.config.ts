import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Vitest's default is one worker fewer than the cores: on two cores the suite ran one file at a
// time (decision 137).
const maxWorkers = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Worker threads start faster than processes; files share a worker's loaded modules.
          pool: 'threads',
          isolate: false,
          include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          // Each file in its own context: shared module state (query caches, stores, stubs) leaked
          // between files when they shared one, and /admin/loans failed in CI (decision 137).
          pool: 'threads',
          isolate: true,
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          pool: 'threads',
          include: ['src/server/**/*.api.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's first data can take seconds on a loaded 2-core machine; vitest's 1 s default
          // for expect.poll failed market-index's first read under a CI run beside other work.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
