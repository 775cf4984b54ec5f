import { defineConfig } from 'vitest/config';

const pg = process.env.TEST_DATABASE_URL;
/**
 * Files share their worker's modules (isolate: false): the server's few hundred modules and the
 * embedded database's WebAssembly load once per worker, not once per file (the suite runs in less
 * than half the time). Each file still starts its own server on its own fresh database, and the
 * per-process caches are keyed by revisions that start at random per database, so files cannot
 * see each other's data.
 *
 * `expect.poll` waits up to 15 s (Vitest's default is 1 s): a page answers in milliseconds here, but
 * a CI machine running a browser, the server and two test workers on 2 cores can take seconds.
 */
const shared = {
  testTimeout: 120_000,
  hookTimeout: 120_000,
  isolate: false,
  expect: { poll: { timeout: 15_000 } },
};

/**
 * Every test runs on the embedded database (PGlite). With TEST_DATABASE_URL set, the server's API
 * suite (all but the browser tests) runs a second time on PostgreSQL, one fresh schema per test file.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'pglite',
          include: [
            'apps/*/src/**/*.test.ts',
            'packages/*/src/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          env: { VITRINE_TEST_DB: 'pglite' },
        },
      },
      ...(pg
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: ['apps/server/src/**/*.test.ts'],
                // The browser tests check pages; the server code under them runs on PGlite there, and
                // its API suite (concurrency included) runs here. The rebuild test builds the apps
                // nine times and reads no database: once is enough.
                exclude: [
                  'apps/server/src/conformance/browser-*.test.ts',
                  'apps/server/src/platform/http/rebuild.test.ts',
                  '**/node_modules/**',
                ],
                env: { VITRINE_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
