import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("GET /api/health", () => {
  test("is 200 with the database reachable, for anyone", async () => {
    const response = await t.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      database: { dialect: t.env.database.dialect, reachable: true, latencyMs: expect.any(Number) },
    });
  });

  test("reports the database this run asked for (TEST_DATABASE_URL means PostgreSQL)", async () => {
    const body = (await (await t.request("/api/health")).json()) as {
      database: { dialect: string };
    };
    expect(body.database.dialect).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "sqlite");
  });
});

describe("when the database stops answering", () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp();
    // Kysely's destroy is idempotent, so close() in afterAll still cleans up.
    await down.deps.db.destroy();
  });
  afterAll(() => down?.close());

  test("health is 503 so a load balancer takes this process out of rotation", async () => {
    const response = await down.request("/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "degraded",
      database: { dialect: down.env.database.dialect, reachable: false },
    });
  });

  test("other endpoints answer 500 with the error shape and no internals", async () => {
    const response = await down.request("/api/categories");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "INTERNAL", message: expect.any(String) },
    });
    expect(text).not.toMatch(/kysely|sqlite|pool|postgres|\.ts:\d+/i);
  });
});
