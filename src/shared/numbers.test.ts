import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect, test } from "vitest";
import { groupedNumber } from "./numbers";

test("groups a number exactly as toLocaleString('en') does", () => {
  for (const value of [0, -0, 7, 999, 1000, -1234, 18_500, 1_000_000, 12.5, 0.125, 2 ** 60]) {
    expect(groupedNumber(value)).toBe(value.toLocaleString("en"));
  }
  fc.assert(
    fc.property(
      fc.oneof(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), fc.double()),
      (value) => {
        expect(groupedNumber(value)).toBe(value.toLocaleString("en"));
      },
    ),
  );
});

// A page of bike cards once spent a phone's tenth of a second building a formatter per
// number; the source says toLocaleString nowhere, so no new call brings that back.
test("no source file formats a number with toLocaleString", () => {
  const sourceRoot = path.resolve(import.meta.dirname, "..");
  const offenders = readdirSync(sourceRoot, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => /\.toLocaleString\(/.test(readFileSync(path.join(sourceRoot, file), "utf8")));
  expect(offenders).toEqual([]);
});
