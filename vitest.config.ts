import { defineConfig } from "vitest/config";

/**
 * API and unit tests: the app in-process over a real database. The same
 * tests run as two projects: always on SQLite, and also on PostgreSQL when
 * TEST_DATABASE_URL is set (each test file then gets a database of its own
 * on that server, see tests/support). Browser journeys have their own config
 * (vitest.e2e.config.ts).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/reliability/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // Each file bootstraps its own database (migrations, seed, four password
    // hashes): a few hundred ms of setup, more on a busy 2-core machine.
    testTimeout: 15_000,
    hookTimeout: 30_000,
    // Separate processes: better-sqlite3 is native, and a crash stays in its file.
    pool: "forks",
    // Two files at a time keeps PostgreSQL at a handful of connections per file.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "sqlite", env: { TEST_DATABASE_URL: "" } } },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: { name: "postgres", env: { TEST_DATABASE_URL: postgresUrl } },
            },
          ]
        : []),
    ],
  },
});
