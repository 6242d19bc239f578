import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { databaseStore } from "./database-store";
import { FailureDelayCounter, waitAfter } from "./failure-delay";
import { redisStore } from "./redis-store";
import { memoryStore, type RateLimitStore } from "./store";

const delay = { freeFailures: 2, maxWaitMs: 8_000 };

test("the wait doubles after the free failures, up to the longest", () => {
  const waits = Array.from({ length: 8 }, (_, failures) => waitAfter(failures, delay));
  expect(waits).toEqual([0, 0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  expect(waitAfter(5_000, delay)).toBe(8_000);
});

interface Clock {
  now(): number;
  advance(ms: number): Promise<void>;
}

/** A clock the test moves; Redis times its keys itself, so its tests wait for real. */
function clockFor(realTime: boolean): Clock {
  if (realTime) {
    return { now: Date.now, advance: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
  }
  let now = Date.now();
  return {
    now: () => now,
    advance: async (ms) => {
      now += ms;
    },
  };
}

/** The same rules over every store: each must keep the delay for all processes. */
function delayOver(name: string, open: () => Promise<RateLimitStore>, realTime = false) {
  describe(`a growing delay in the ${name} store`, () => {
    let store: RateLimitStore;
    beforeAll(async () => {
      store = await open();
    });

    const counterAt = (clock: Clock) =>
      new FailureDelayCounter(store, `test-${randomBytes(4).toString("hex")}`, delay, clock.now);

    test("early attempts are refused without lengthening the wait", {
      timeout: 15_000,
    }, async () => {
      const clock = clockFor(realTime);
      const counter = counterAt(clock);
      const retries: number[] = [];
      const attempt = async () => {
        const decision = await counter.consume("pair");
        retries.push(decision.allowed ? 0 : decision.retryAfterSeconds);
      };
      await attempt(); // 1st failure, free
      await attempt(); // 2nd, free
      await attempt(); // refused: 1 s to wait
      await clock.advance(500);
      await attempt(); // still refused, not counted: half a second left
      await clock.advance(550);
      await attempt(); // 3rd failure
      await attempt(); // refused: 2 s
      await clock.advance(2_050);
      await attempt(); // 4th failure
      await attempt(); // refused: 4 s
      expect(retries).toEqual([0, 0, 1, 1, 0, 2, 0, 4]);
    });

    test("the wait runs from when the failure was answered", async () => {
      const clock = clockFor(realTime);
      const counter = counterAt(clock);
      await counter.consume("pair");
      await counter.consume("pair"); // a slow password check starts…
      await clock.advance(600);
      await counter.failed("pair"); // …and fails 0.6 s later
      await clock.advance(600);
      expect((await counter.consume("pair")).allowed).toBe(false);
    });

    test("a refund gives a failure back; other ids are not affected", async () => {
      const counter = counterAt(clockFor(realTime));
      for (let failure = 0; failure < 2; failure++) await counter.consume("pair");
      expect((await counter.consume("pair")).allowed).toBe(false);
      expect((await counter.consume("another pair")).allowed).toBe(true);
      await counter.refund("pair");
      expect((await counter.consume("pair")).allowed).toBe(true);
    });

    test("guesses in parallel are counted one by one", async () => {
      const counter = counterAt(clockFor(realTime));
      const decisions = await Promise.all(Array.from({ length: 6 }, () => counter.consume("pair")));
      // The two free failures at most; the rest must wait.
      expect(decisions.filter((decision) => decision.allowed).length).toBeLessThanOrEqual(2);
      expect(decisions.filter((decision) => decision.allowed).length).toBeGreaterThanOrEqual(1);
    });
  });
}

delayOver("memory", async () => memoryStore());

let t: TestApp;
afterAll(() => t?.close());
delayOver("database", async () => {
  t = await createTestApp();
  return databaseStore(t.deps.db);
});

// Redis is optional (RATE_LIMIT_STORE=redis); CI sets TEST_REDIS_URL, as it sets TEST_DATABASE_URL.
const redisUrl = process.env.TEST_REDIS_URL || undefined;
let redis: RateLimitStore | undefined;
afterAll(() => redis?.close());
if (redisUrl) {
  delayOver(
    "Redis",
    async () => {
      redis = redisStore(redisUrl, `reride:test:${randomBytes(4).toString("hex")}:`);
      return redis;
    },
    true,
  );
}
