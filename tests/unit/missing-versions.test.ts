import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { missingVersions } from "../../bench/lib/missing-versions";

/**
 * The bench's cache misses (bench/lib/missing-versions.ts): the cache-miss
 * server and the in-process diagnosis measure what the first request after a
 * write pays only if every cached answer and session really is read again,
 * and, asked to keep what callers share, only the caller's own part is.
 */
const TOKEN = "missing-versions-metrics-token";
let t: TestApp;
let ann: Person;
let page = "";

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  const ktm = (await categoryIds(t)).KTM;
  const seller = await newPerson(t, "seller");
  ann = await newPerson(t, "buyer");
  await listBike(t, seller, ktm, { title: "KTM Duke, read again and again" });
  page = `/api/categories/${ktm}/bikes`;
});
afterAll(() => t?.close());

/** Each cache's hits and misses so far. */
async function cacheCounts() {
  const response = await t.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await response.text();
  const count = (name: string, cache: string) =>
    Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\d+)`, "m").exec(text)?.[1] ?? 0);
  const of = (cache: string) => ({
    found: count("reride_cache_hits_total", cache),
    read: count("reride_cache_misses_total", cache),
  });
  return { responses: of("responses"), shared: of("shared"), sessions: of("sessions") };
}

/** The counts moved by reading Ann's category page three times with `versions`. */
async function threeReadsWith(versions: typeof t.deps.dataVersion) {
  const current = t.deps.dataVersion;
  // Once with the app's own versions, so whatever can be cached is.
  expect((await t.request(page, { cookie: ann.cookie })).status).toBe(200);
  t.deps.dataVersion = versions;
  try {
    const before = await cacheCounts();
    for (let i = 0; i < 3; i++) {
      expect((await t.request(page, { cookie: ann.cookie })).status).toBe(200);
    }
    const after = await cacheCounts();
    const moved = (cache: keyof typeof after) => ({
      found: after[cache].found - before[cache].found,
      read: after[cache].read - before[cache].read,
    });
    return { responses: moved("responses"), shared: moved("shared"), sessions: moved("sessions") };
  } finally {
    t.deps.dataVersion = current;
  }
}

describe("the bench's missing versions", () => {
  test("the app's own versions find everything cached: the check this test relies on", async () => {
    const moved = await threeReadsWith(t.deps.dataVersion);
    expect(moved.responses).toEqual({ found: 3, read: 0 });
    expect(moved.sessions).toEqual({ found: 3, read: 0 });
  });

  test("miss every answer, shared page and session, on every request", async () => {
    const moved = await threeReadsWith(missingVersions(t.deps.dataVersion));
    expect(moved.responses).toEqual({ found: 0, read: 3 });
    expect(moved.shared).toEqual({ found: 0, read: 3 });
    expect(moved.sessions).toEqual({ found: 0, read: 3 });
  });

  test("keeping what callers share, miss only the caller's own answer and session", async () => {
    const moved = await threeReadsWith(missingVersions(t.deps.dataVersion, { keepShared: true }));
    expect(moved.responses).toEqual({ found: 0, read: 3 });
    expect(moved.shared).toEqual({ found: 3, read: 0 });
    expect(moved.sessions).toEqual({ found: 0, read: 3 });
  });
});
