import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bikeFields, categoryIds } from "#tests/support/builders/bike";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { testServerUrl } from "#tests/support/test-database";

/**
 * SQLite's disk fills up (docs/reliability.md, "faults survived"): a write
 * answers 507 with a clear message, nothing is half-written, the database
 * passes integrity_check, and writes work again once there is room. The
 * "disk" is the connection's max_page_count, a limit SQLite enforces exactly
 * as a full filesystem (SQLITE_FULL). SQLite only.
 */
let t: TestApp;
let seller: Person;
let categoryId: string;

beforeAll(async () => {
  if (testServerUrl()) return;
  t = await createTestApp();
  seller = await newPerson(t, "seller");
  categoryId = (await categoryIds(t)).KTM;
});
afterAll(() => t?.close());

async function pragma(statement: string): Promise<unknown> {
  const { rows } = await sql.raw(`pragma ${statement}`).execute(t.deps.db);
  return Object.values((rows[0] ?? {}) as Record<string, unknown>)[0];
}

const listing = (index: number) =>
  t.request("/api/bikes", {
    cookie: seller.cookie,
    body: bikeFields(categoryId, {
      title: `Full disk bike ${index}`,
      description: `A long description that takes room. ${"x".repeat(1_500)}`,
    }),
  });

describe.skipIf(Boolean(testServerUrl()))("SQLite with a full disk", () => {
  test("writes answer 507, reads go on, nothing is corrupted, and writes resume", async () => {
    const pages = Number(await pragma("page_count"));
    await pragma(`max_page_count = ${pages + 3}`);
    const statuses: number[] = [];
    let full: Response | undefined;
    for (let index = 0; index < 60 && !full; index++) {
      const response = await listing(index);
      statuses.push(response.status);
      if (response.status !== 201) full = response;
    }
    expect(full?.status, JSON.stringify(statuses)).toBe(507);
    expect(await full?.json()).toEqual({
      error: { code: "INSUFFICIENT_STORAGE", message: expect.stringContaining("disk is full") },
    });
    const titles = await t.deps.db.selectFrom("bikes").select("title").execute();
    const stored = titles.filter((row) => row.title.startsWith("Full disk bike")).length;
    // Every 201 is stored, the refused one is not.
    expect(stored).toBe(statuses.filter((status) => status === 201).length);
    expect((await t.request("/api/categories")).status).toBe(200);
    expect(await pragma("integrity_check")).toBe("ok");

    await pragma("max_page_count = 1073741823");
    expect((await listing(1_000)).status).toBe(201);
  });
});
