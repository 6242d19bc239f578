import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app";

/**
 * Features better-auth has but ReRide leaves off (providers that are not configured): anyone may call
 * them, so a call is the client's mistake, logged below error level.
 */
const lines: string[] = [];
const destination = { write: (line: string) => void lines.push(line) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "info" }, { logDestination: destination });
});
afterAll(() => t?.close());

interface LogLine {
  level: number;
  msg?: string;
  source?: string;
}

const ERROR = 50;

describe("anonymous calls to features that are off", () => {
  test.each([["/api/auth/sign-in/social", { provider: "google" }]])(
    "%s is answered as a client error and not logged as an error",
    async (path, body) => {
      lines.length = 0;
      const response = await t.request(path, { body });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const logged = lines.map((line) => JSON.parse(line) as LogLine);
      expect(logged.filter((line) => line.source === "auth").length).toBeGreaterThan(0);
      expect(logged.filter((line) => line.level >= ERROR)).toEqual([]);
    },
  );
});
