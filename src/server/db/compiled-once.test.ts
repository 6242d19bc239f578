import { type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { compiledOnce } from "./compiled-once";

// A statement built by Kysely once per shape must answer every call with that
// call's values, on both databases, and refuse a builder whose SQL depends on
// the values themselves.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const categoriesByName = compiledOnce(
  "categoriesByName",
  (db, values: { names: readonly string[]; after: string | null }) =>
    db
      .selectFrom("categories")
      .select(["id", "name"])
      .where("name", "in", values.names)
      .where("name", ">", values.after ?? "")
      .orderBy("name"),
);

const names = async (values: { names: readonly string[]; after: string | null }) =>
  (await categoriesByName(t.deps.db, values)).rows.map((row) => row.name);

describe("a statement compiled once", () => {
  test("answers each call with its own values, lists of any length and nulls included", async () => {
    const all = (await t.deps.db.selectFrom("categories").select("name").orderBy("name").execute())
      .map((row) => row.name)
      .slice(0, 3);
    expect(all.length).toBe(3);
    const [first = "", second = "", third = ""] = all;
    expect(await names({ names: [first, second], after: null })).toEqual([first, second]);
    expect(await names({ names: [second, third], after: null })).toEqual([second, third]);
    expect(await names({ names: [first, second, third], after: first })).toEqual([second, third]);
    expect(await names({ names: [third], after: null })).toEqual([third]);
    expect(await names({ names: ["no such brand"], after: null })).toEqual([]);
  });

  test("writes report the rows they changed, inside a transaction too", async () => {
    const rename = compiledOnce("rename", (db, values: { from: string; to: string }) =>
      db.updateTable("categories").set({ name: values.to }).where("name", "=", values.from),
    );
    const [category] = await t.deps.db.selectFrom("categories").select("name").limit(1).execute();
    const name = category?.name ?? "";
    const moved = await t.deps.db.transaction().execute(async (trx) => {
      const first = await rename(trx, { from: name, to: `${name} (renamed)` });
      const second = await rename(trx, { from: "no such brand", to: "nothing" });
      return [first.numAffectedRows, second.numAffectedRows];
    });
    expect(moved).toEqual([1n, 0n]);
    await rename(t.deps.db, { from: `${name} (renamed)`, to: name });
    expect(await names({ names: [name], after: null })).toEqual([name]);
  });

  test("refuses, outside production, a builder whose SQL depends on a value", async () => {
    // The limit is computed from the value, so the stand-in compiles to a wrong one.
    const computed = compiledOnce("computed", (db, values: { pageSize: number }) =>
      db
        .selectFrom("categories")
        .select("id")
        .limit(values.pageSize + 1),
    );
    await expect(computed(t.deps.db, { pageSize: 2 })).rejects.toThrow(
      /compiledOnce\(computed\): the query's SQL depends on its values/,
    );
    // Written into the SQL, the stand-in can't even be compiled.
    const literal = compiledOnce("literal", (db, values: { name: string }) =>
      db.selectFrom("categories").select("id").where("name", "=", sql.lit(values.name)),
    );
    await expect(literal(t.deps.db, { name: "KTM" })).rejects.toThrow(
      /compiledOnce\(literal\): the query's SQL depends on its values/,
    );
  });

  test("is built as usual on a database with plugins, which see every query", async () => {
    let seen = 0;
    const counting: KyselyPlugin = {
      transformQuery(args) {
        seen++;
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    };
    const db = t.deps.db.withPlugin(counting);
    await categoriesByName(db, { names: ["a"], after: null });
    await categoriesByName(db, { names: ["b"], after: null });
    expect(seen).toBe(2);
  });
});
