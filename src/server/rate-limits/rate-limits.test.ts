import { randomBytes } from "node:crypto";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { uniqueEmail } from "#tests/support/builders/account";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { EnvError, loadEnv } from "../env";
import { createLogger } from "../logger";
import { normalizeAddress } from "./client-address";
import { closeRateLimitStore, Limiter } from "./limiter";
import { redisStore } from "./redis-store";
import {
  memoryStore,
  type RateLimitStore,
  RETRY_STORE_AFTER_MS,
  STORE_TIMEOUT_MS,
  withFallback,
} from "./store";

describe("configuration", () => {
  const base = { DATA_DIR: "/tmp/reride-env-test", AUTH_SECRET: "x".repeat(32) };

  test("limits read as <count>/<window>, off disables one", () => {
    const env = loadEnv({
      ...base,
      RATE_LIMIT_SIGN_IN_ACCOUNT: "5/30m",
      RATE_LIMIT_WRITES: "off",
      RATE_LIMIT_SIGN_UP_IP: "3/h",
      TRUST_PROXY: "true",
    });
    expect(env.rateLimits.signInAccount).toEqual({ points: 5, windowMs: 30 * 60_000 });
    expect(env.rateLimits.writes).toBeNull();
    expect(env.rateLimits.signUpIp).toEqual({ points: 3, windowMs: 3_600_000 });
    expect(env.trustProxy).toBe(1);
    expect(env.rateLimits.store).toEqual({ kind: "database" });
  });

  test("the defaults", () => {
    const env = loadEnv(base);
    expect(env.rateLimits.signInDelay).toEqual({ freeFailures: 5, maxWaitMs: 15 * 60_000 });
    expect(env.rateLimits.adminSignInDelay).toEqual({ freeFailures: 2, maxWaitMs: 3_600_000 });
    expect(env.rateLimits.signInAccount).toEqual({ points: 100, windowMs: 5 * 60_000 });
    expect(env.rateLimits.writes).toEqual({ points: 120, windowMs: 60_000 });
    expect(env.trustProxy).toBe(0);
  });

  test.each([
    ["RATE_LIMIT_WRITES", "120", "RATE_LIMIT_WRITES: must be <count>/<window>"],
    ["RATE_LIMIT_WRITES", "0/1m", "RATE_LIMIT_WRITES: must be <count>/<window>"],
    [
      "RATE_LIMIT_SIGN_IN_DELAY",
      "5",
      "RATE_LIMIT_SIGN_IN_DELAY: must be <free failures>/<longest wait>",
    ],
    ["TRUST_PROXY", "yes", "TRUST_PROXY: must be true, false or a number"],
    ["RATE_LIMIT_STORE", "memcached", "RATE_LIMIT_STORE: must be database or redis"],
    ["RATE_LIMIT_STORE", "redis", "REDIS_URL: is required when RATE_LIMIT_STORE=redis"],
    ["REDIS_URL", "http://cache", "REDIS_URL: must be a redis:// or rediss:// URL"],
  ])("%s=%s is refused with a message naming it", (name, value, message) => {
    expect(() => loadEnv({ ...base, [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, [name]: value })).toThrow(message);
  });
});

describe("client addresses", () => {
  test.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["203.0.113.9:51234", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::7]:443", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["not-an-address", null],
    ["", null],
  ])("%s counts as %s", (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });
});

describe("a failing store", () => {
  const broken: RateLimitStore = {
    hit: async () => {
      throw new Error("connection refused");
    },
    undo: async () => {
      throw new Error("connection refused");
    },
    peek: async () => {
      throw new Error("connection refused");
    },
    swap: async () => {
      throw new Error("connection refused");
    },
    close: async () => {},
  };

  test("falls back to counting in this process, so limits still apply", async () => {
    const store = withFallback(broken, createLogger("silent"));
    const limiter = new Limiter(store, "test", { points: 2, windowMs: 60_000 });
    const decisions = [];
    for (let attempt = 0; attempt < 3; attempt++) decisions.push(await limiter.consume("someone"));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false]);
  });

  describe("a store that stopped answering", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    test("costs one request the timeout, then rests while this process counts", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      let asked = 0;
      const silent = new Promise<never>(() => {});
      const hung: RateLimitStore = {
        ...broken,
        hit: () => {
          asked++;
          return silent;
        },
      };
      const limiter = new Limiter(withFallback(hung, createLogger("silent")), "test", {
        points: 2,
        windowMs: 60_000,
      });

      const first = limiter.consume("someone");
      await vi.advanceTimersByTimeAsync(STORE_TIMEOUT_MS);
      const allowed = [(await first).allowed];
      for (let attempt = 0; attempt < 2; attempt++) {
        void limiter.consume("someone").then((decision) => allowed.push(decision.allowed));
        // No time passes: the answer comes from this process's counters.
        await vi.advanceTimersByTimeAsync(0);
        expect(allowed, "answered without waiting for the store").toHaveLength(attempt + 2);
      }
      expect(allowed).toEqual([true, true, false]);
      expect(asked).toBe(1);

      // Once the rest is over, the shared store is asked again.
      await vi.advanceTimersByTimeAsync(RETRY_STORE_AFTER_MS);
      const retried = limiter.consume("someone");
      await vi.advanceTimersByTimeAsync(STORE_TIMEOUT_MS);
      await retried;
      expect(asked).toBe(2);
    });
  });

  test("a window closes on time and a refund gives an attempt back", async () => {
    let now = 1_000_000;
    const limiter = new Limiter(memoryStore(), "test", { points: 1, windowMs: 10_000 }, () => now);
    expect((await limiter.consume("a")).allowed).toBe(true);
    const refused = await limiter.consume("a");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 10 });
    await limiter.refund("a");
    now += 10_000;
    expect((await limiter.consume("a")).allowed).toBe(true);
  });
});

// Redis is optional (RATE_LIMIT_STORE=redis); CI sets TEST_REDIS_URL, as it sets TEST_DATABASE_URL.
const redisUrl = process.env.TEST_REDIS_URL || undefined;

describe.skipIf(!redisUrl)("the Redis store (TEST_REDIS_URL)", () => {
  let a: TestApp;
  let b: TestApp;
  const overrides = {
    RATE_LIMIT_STORE: "redis",
    REDIS_URL: redisUrl,
    RATE_LIMIT_SIGN_IN_ACCOUNT: "3/1m",
  };
  beforeAll(async () => {
    // Two apps on two different databases: only Redis can make them agree.
    a = await createTestApp(overrides);
    b = await createTestApp(overrides);
  });
  afterAll(async () => {
    for (const app of [a, b]) {
      if (!app) continue;
      await closeRateLimitStore(app.deps);
      await app.close();
    }
  });

  test("failed sign-ins through two apps are counted together", async () => {
    const email = uniqueEmail("redis");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await (attempt % 2 ? b : a).request("/api/auth/sign-in/email", {
        body: { email, password: "wrong-password" },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  test("a window expires in Redis and an undo gives a hit back", async () => {
    const store = redisStore(redisUrl ?? "", `reride:test:${randomBytes(4).toString("hex")}:`);
    try {
      const first = await store.hit("k", 300, Date.now());
      expect(first.hits).toBe(1);
      expect((await store.hit("k", 300, Date.now())).hits).toBe(2);
      await store.undo("k", Date.now());
      expect((await store.hit("k", 300, Date.now())).hits).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await store.hit("k", 300, Date.now())).hits).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe("Redis unreachable or silent", () => {
  // Nothing listens on port 1: connections are refused at once.
  const unreachable = "redis://127.0.0.1:1";

  /** Three wrong passwords for one new account, through an app whose Redis is `redisUrl`. */
  async function wrongSignIns(redisUrl: string): Promise<{ status: number; ms: number }[]> {
    const t = await createTestApp({
      RATE_LIMIT_STORE: "redis",
      REDIS_URL: redisUrl,
      RATE_LIMIT_SIGN_IN_ACCOUNT: "2/1m",
    });
    try {
      const email = uniqueEmail("no-redis");
      const answers: { status: number; ms: number }[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = performance.now();
        const response = await t.request("/api/auth/sign-in/email", {
          body: { email, password: "wrong-password" },
        });
        answers.push({ status: response.status, ms: performance.now() - started });
      }
      return answers;
    } finally {
      await closeRateLimitStore(t.deps);
      await t.close();
    }
  }

  test("each hit fails at once, so the fallback answers without waiting out the timeout", async () => {
    const store = redisStore(unreachable);
    const neverAnswered = () =>
      new Promise<string>((resolve) =>
        setTimeout(() => resolve("still waiting"), STORE_TIMEOUT_MS),
      );
    try {
      const outcomes: string[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const hit = store.hit("k", 60_000, Date.now()).then(
          () => "answered",
          () => "failed",
        );
        outcomes.push(await Promise.race([hit, neverAnswered()]));
      }
      // The client keeps retrying the connection; a hit meanwhile must not wait for it.
      expect(outcomes).toEqual(Array(5).fill("failed"));
    } finally {
      await store.close();
    }
  });

  test("one that accepts connections and never answers costs a sign-in no more than once", async () => {
    // A partition that drops packets: connections open, nothing comes back.
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const answers = await wrongSignIns(`redis://127.0.0.1:${port}`);
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 429]);
      // The first waits out the store once; the rest count in this process at
      // once (they took several timeouts each, one per counter, before).
      for (const later of answers.slice(1)) expect(later.ms).toBeLessThan(3 * STORE_TIMEOUT_MS);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test("requests are still served, limited per process", async () => {
    const answers = await wrongSignIns(unreachable);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 429]);
  });
});
