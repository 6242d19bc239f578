import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { everyPage } from "#tests/support/listings";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// docs/api.md, GET /api/reports and /api/admin/actions: fifty a page, and a
// next page offered only when there is one. A list of exactly fifty used to
// offer 'Load more' onto an empty page.

const PAGE = 50;
let t: TestApp;
let admin: Person;
let seller: Person;
let buyer: Person;
beforeAll(async () => {
  t = await createTestApp();
  [admin, seller, buyer] = await Promise.all([
    theAdmin(t),
    newPerson(t, "seller"),
    newPerson(t, "buyer"),
  ]);
});
afterAll(() => t?.close());

/** How many items each page of `path` holds, following the cursors to the last page. */
const pageSizes = async (path: string) =>
  (await everyPage<{ id: string }>(t, admin, path)).map((items) => items.length);

describe("lists an administrator pages through", () => {
  test("the open reports: exactly fifty are one page; the fifty-first makes a second", async () => {
    const { KTM } = await categoryIds(t);
    const reportOne = async () => {
      const bike = await listBike(t, seller, KTM, { title: "KTM Duke 200, reported" });
      const response = await t.request(`/api/bikes/${bike.id}/reports`, {
        body: { reason: "scam" },
        cookie: buyer.cookie,
      });
      expect(response.status).toBe(201);
    };
    for (let i = 0; i < PAGE; i++) await reportOne();
    expect(await pageSizes("/api/reports?status=open")).toEqual([PAGE]);
    await reportOne();
    expect(await pageSizes("/api/reports?status=open")).toEqual([PAGE, 1]);
  });

  test("the admin log: exactly fifty actions are one page; the fifty-first makes a second", async () => {
    const { SUZUKI } = await categoryIds(t);
    const bike = await listBike(t, seller, SUZUKI);
    const total = async () => (await pageSizes("/api/admin/actions")).reduce((a, b) => a + b, 0);
    let hidden = false;
    const toggle = async () => {
      hidden = !hidden;
      const response = await t.request(`/api/bikes/${bike.id}`, {
        method: "PATCH",
        body: hidden ? { hidden, reason: "Checking the listing" } : { hidden },
        cookie: admin.cookie,
      });
      expect(response.status).toBe(200);
    };
    const before = await total();
    expect(before).toBeLessThan(PAGE);
    for (let i = before; i < PAGE; i++) await toggle();
    expect(await pageSizes("/api/admin/actions")).toEqual([PAGE]);
    await toggle();
    expect(await pageSizes("/api/admin/actions")).toEqual([PAGE, 1]);
  });
});
