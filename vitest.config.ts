import { defineConfig } from "vitest/config";

/**
 * API and unit tests: the app in-process over a real database, SQLite by
 * default, PostgreSQL when TEST_DATABASE_URL is set (see tests/support).
 * Browser journeys have their own config (vitest.e2e.config.ts).
 */
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
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
  },
});
