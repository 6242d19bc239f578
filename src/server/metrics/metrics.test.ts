import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildAccount } from "#tests/support/builders/account";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { sampleSum } from "#tests/support/prometheus";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { ResponseCache } from "../cache/response-cache";
import { Metrics } from "./metrics";

const TOKEN = "scrape-token-0123456789abcdef";

let t: TestApp;
let buyer: Person;
let seller: Person;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  [buyer, seller, admin] = await Promise.all([
    newPerson(t, "buyer"),
    newPerson(t, "seller"),
    theAdmin(t),
  ]);
});
afterAll(() => t?.close());

async function scrape(): Promise<string> {
  const response = await t.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("GET /metrics: who may read it", () => {
  test("a signed-in admin and the bearer token; anyone else is refused", async () => {
    const status = async (headers: Record<string, string>, cookie?: string) =>
      (await t.request("/metrics", { headers, ...(cookie ? { cookie } : {}) })).status;
    expect(await status({})).toBe(401);
    expect(await status({}, buyer.cookie)).toBe(403);
    expect(await status({}, seller.cookie)).toBe(403);
    expect(await status({}, admin.cookie)).toBe(200);
    expect(await status({ authorization: `Bearer ${TOKEN}` })).toBe(200);
    expect(await status({ authorization: `bearer ${TOKEN}` })).toBe(200);
    // A wrong token is refused even with an admin's cookie beside it: the token is what was offered.
    expect(await status({ authorization: `Bearer ${TOKEN}x` }, admin.cookie)).toBe(401);
    expect(await status({ authorization: `Bearer ${TOKEN.slice(0, -1)}` })).toBe(401);
    expect(await status({ authorization: `Basic ${btoa(`metrics:${TOKEN}`)}` })).toBe(401);
  });

  test("without METRICS_TOKEN no token opens it", async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.request("/metrics", {
        headers: { authorization: "Bearer undefined" },
      });
      expect(response.status).toBe(401);
    } finally {
      await plain.close();
    }
  });

  test("answers Prometheus' text format, never cached", async () => {
    const response = await t.request("/metrics", { cookie: admin.cookie });
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain("# TYPE reride_http_request_duration_seconds histogram");
    expect(sampleSum(text, "reride_server_processes")).toBe(1);
    expect(sampleSum(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});

describe("what the metrics count", () => {
  test("requests by route pattern and status, never by the URL", async () => {
    const categories = await categoryIds(t);
    const bike = await listBike(t, seller, categories.KTM);
    const before = await scrape();
    const route = { route: "/api/bikes/:id", status: "200", method: "GET" };
    for (let index = 0; index < 3; index++) {
      expect((await t.request(`/api/bikes/${bike.id}`, { cookie: buyer.cookie })).status).toBe(200);
    }
    expect((await t.request("/api/bikes/no-such-bike", { cookie: buyer.cookie })).status).toBe(404);
    expect((await t.request("/api/no/such/endpoint/42")).status).toBe(404);
    const after = await scrape();
    const count = (text: string, labels: Record<string, string>) =>
      sampleSum(text, "reride_http_request_duration_seconds_count", labels);
    expect(count(after, route) - count(before, route)).toBe(3);
    expect(
      count(after, { ...route, status: "404" }) - count(before, { ...route, status: "404" }),
    ).toBe(1);
    const unknown = { route: "/api/*", status: "404", method: "GET" };
    expect(count(after, unknown) - count(before, unknown)).toBe(1);
    expect(after).not.toContain("/api/no/such");
    expect(after).not.toContain(bike.id);
    expect(after).not.toContain("no-such-bike");
  });

  test("response and session cache hits and misses move as a caller reads and writes", async () => {
    const categories = await categoryIds(t);
    const bike = await listBike(t, seller, categories.SUZUKI);
    const responses = { cache: "responses" };
    const sessions = { cache: "sessions" };
    const read = () =>
      t.request(`/api/categories/${categories.SUZUKI}/bikes`, { cookie: buyer.cookie });

    const start = await scrape();
    const moved = (a: string, b: string, name: string, labels: Record<string, string> = {}) =>
      sampleSum(b, name, labels) - sampleSum(a, name, labels);
    // The first read may find nothing cached; a repeat is answered from the cache. On
    // PostgreSQL the data version is the whole server's, so another test file's write may
    // come between two reads: read again (a few times at most) until one is a hit.
    let afterReads = start;
    for (let reads = 0; reads < 10; reads++) {
      await read();
      afterReads = await scrape();
      if (reads > 0 && moved(start, afterReads, "reride_cache_hits_total", responses) > 0) break;
    }
    expect(moved(start, afterReads, "reride_cache_hits_total", responses)).toBeGreaterThanOrEqual(
      1,
    );
    expect(moved(start, afterReads, "reride_cache_hits_total", sessions)).toBeGreaterThanOrEqual(1);

    // A write: the next read must miss, and the data version has moved.
    const wished = await t.request(`/api/me/wishlist/${bike.id}`, {
      method: "PUT",
      cookie: buyer.cookie,
    });
    expect(wished.status).toBe(204);
    const afterWrite = await scrape();
    await read();
    const afterReread = await scrape();
    expect(moved(afterWrite, afterReread, "reride_cache_misses_total", responses)).toBe(1);
    expect(moved(afterWrite, afterReread, "reride_cache_hits_total", responses)).toBe(0);
    expect(moved(start, afterReread, "reride_data_version_changes_total")).toBeGreaterThanOrEqual(
      1,
    );
    expect(moved(start, afterReread, "reride_data_version_checks_total")).toBeGreaterThanOrEqual(4);
  });

  test("a request refused by an abuse limit is counted under that limit", async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGN_UP_IP: "1/1h", METRICS_TOKEN: TOKEN });
    try {
      const signUp = () =>
        limited.request("/api/auth/sign-up/email", {
          body: buildAccount({ accountType: "buyer" }),
        });
      expect((await signUp()).status).toBe(200);
      expect((await signUp()).status).toBe(429);
      const response = await limited.request("/metrics", {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const text = await response.text();
      expect(
        sampleSum(text, "reride_rate_limit_refusals_total", { limit: "sign-up:address" }),
      ).toBe(1);
      expect(
        sampleSum(text, "reride_http_request_duration_seconds_count", {
          route: "/api/auth/*",
          status: "429",
        }),
      ).toBe(1);
    } finally {
      await limited.close();
    }
  });

  test("an entry pushed out of a full cache is an eviction", async () => {
    const metrics = new Metrics();
    const cache = new ResponseCache({ maxEntries: 2, counters: metrics.cache("responses") });
    const response = { body: "{}", contentType: "application/json", path: "/api/categories" };
    for (const key of ["a", "b", "c", "d"]) cache.set(key, "v1", response);
    cache.set("d", "v2", response); // replaced, not evicted
    const text = await metrics.registry.metrics();
    expect(sampleSum(text, "reride_cache_evictions_total", { cache: "responses" })).toBe(2);
  });
});
