import { defineConfig } from "vitest/config";

/**
 * Browser journeys: each spec file starts its own server and Chromium, so
 * files run one after another (the CI machine has two cores).
 * Run with `npm run build && npm run test:e2e`.
 */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.spec.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    // A spec's own beforeAll (e.g. the OpenID server) runs before the app server it configures.
    sequence: { hooks: "stack" },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    // expect.poll waits as long as a locator does (support/browser.ts), not
    // vitest's 1 s: three photos' uploads took longer on a loaded machine.
    expect: { poll: { timeout: 15_000 } },
    reporters: ["default"],
  },
});
