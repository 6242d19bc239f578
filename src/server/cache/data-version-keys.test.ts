import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// The fair prices' histograms are kept per process while their `prices:`
// version holds (catalog/fair-price-stats.ts), and that version is asked of
// the app's shared version reads: `readKeys`. It must give each key's version
// as the database has it, see a write made outside the app, and say "0" for a
// key nothing has written yet.
describe("each key's version from the shared version reads", () => {
  let t: TestApp;
  let ktm = "";
  let suzuki = "";
  beforeAll(async () => {
    t = await createTestApp();
    ({ KTM: ktm, SUZUKI: suzuki } = await categoryIds(t));
  });
  afterAll(() => t?.close());

  test("a key never written is 0; a raw SQL write moves its key's version and no other", async () => {
    const versions = t.deps.dataVersion;
    const keys = [`prices:${ktm}`, `prices:${suzuki}`, "prices:no-such-category"];
    const before = await versions.readKeys(keys);
    expect([...before.keys()]).toEqual(keys);
    expect(before.get("prices:no-such-category")).toBe("0");

    // Written the way psql or a script would: the database's triggers bump the version.
    // (PostgreSQL's triggers skip an update that changes nothing: this one renames and back.)
    await sql`update categories set name = 'KTM (renamed)' where id = ${ktm}`.execute(t.deps.db);
    await sql`update categories set name = 'KTM' where id = ${ktm}`.execute(t.deps.db);

    const after = await versions.readKeys(keys);
    expect(after.get(`prices:${ktm}`)).not.toBe(before.get(`prices:${ktm}`));
    expect(after.get(`prices:${suzuki}`)).toBe(before.get(`prices:${suzuki}`));
    expect(after.get("prices:no-such-category")).toBe("0");
    // The same version a one-key scope's token is made from.
    expect((await versions.read({ keys: [`prices:${ktm}`] })).trim()).toBe(
      after.get(`prices:${ktm}`),
    );
  });
  test("a scope read with its versions: the same token, and each key's version as readKeys gives it", async () => {
    const versions = t.deps.dataVersion;
    const seller = await newPerson(t, "seller");
    const bike = await listBike(t, seller, ktm, { title: "KTM Duke, for its prices' key" });
    // Catalog keys (every category's and prices'), a bike's prices key, a plain key.
    for (const scope of [
      { keys: ["search"], catalog: true },
      { keys: [`bike:${bike.id}`], pricesOfBikes: [bike.id] },
    ]) {
      const read = await versions.readWithVersions(scope);
      expect(read.token).toBe(await versions.read(scope));
      const wanted = [`prices:${ktm}`, ...scope.keys];
      if (scope.catalog) wanted.push(`prices:${suzuki}`, `category:${ktm}`, `category:${suzuki}`);
      const expected = await versions.readKeys(wanted);
      for (const key of wanted) {
        expect({ key, version: read.versions.get(key) ?? "0" }).toEqual({
          key,
          version: expected.get(key),
        });
      }
    }
  });
});
