import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

// The import boundaries are lint rules (biome.json): this plants each kind of
// violation in a copy of the tree and checks that the real `biome lint` reports it.

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

interface Finding {
  rule: string;
  file: string;
}

/** Every diagnostic of `biome lint` over `paths` in `cwd`, as rule and file. */
async function lint(cwd: string, paths: string[]): Promise<Finding[]> {
  const biome = path.join(ROOT, "node_modules/.bin/biome");
  const { stdout } = await run(
    biome,
    ["lint", "--reporter=github", "--max-diagnostics=none", ...paths],
    {
      cwd,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return [...stdout.matchAll(/^::\w+ title=([^,]+),file=([^,]+),/gm)].map((match) => ({
    rule: match[1] ?? "",
    file: path.relative(cwd, path.resolve(cwd, match[2] ?? "")),
  }));
}

const PLANTS: Record<string, { source: string; rule: string }> = {
  // A cycle through an alias one way and a relative import the other.
  "src/server/lib/plant-a.ts": {
    source: `import { b } from "#src/server/lib/plant-b";\nexport const a = () => b;\n`,
    rule: "lint/suspicious/noImportCycles",
  },
  "src/server/lib/plant-b.ts": {
    source: `import { a } from "./plant-a";\nexport const b = () => a;\n`,
    rule: "lint/suspicious/noImportCycles",
  },
  // Type-only imports count: they are a cycle for anyone reading the code.
  "src/server/lib/plant-c.ts": {
    source: `import type { D } from "./plant-d";\nexport type C = { d?: D };\n`,
    rule: "lint/suspicious/noImportCycles",
  },
  "src/server/lib/plant-d.ts": {
    source: `import type { C } from "#src/server/lib/plant-c";\nexport type D = { c?: C };\n`,
    rule: "lint/suspicious/noImportCycles",
  },
  "src/server/features/wishlist/plant-relative.ts": {
    source: `export { listBikesBySeller } from "../bikes/bikes.queries";\n`,
    rule: "lint/style/noRestrictedImports",
  },
  "src/server/features/bookings/plant-alias.ts": {
    source: `export type { PhotoStorage } from "#src/server/features/uploads/photo-storage";\n`,
    rule: "lint/style/noRestrictedImports",
  },
  "src/server/plant-client.ts": {
    source: `export type { ApiTransport } from "../client/lib/api-client";\n`,
    rule: "lint/style/noRestrictedImports",
  },
  // The client's own feature rule.
  "src/client/features/home/plant.ts": {
    source: `export * from "../bikes/api";\n`,
    rule: "lint/style/noRestrictedImports",
  },
};

const SERVER_PLANTS = Object.entries(PLANTS).filter(([file]) => file.startsWith("src/server/"));
const CLIENT_PLANTS = Object.entries(PLANTS).filter(([file]) => file.startsWith("src/client/"));

let copy: string;
/** Findings once every plant is in the copy. */
let planted: Finding[] = [];

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), "reride-boundaries-"));
  for (const entry of ["src", "biome.json", "package.json", "tsconfig.json"]) {
    cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
});
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

// Lint only: the database a project runs on changes nothing here.
describe.skipIf(process.env.TEST_DATABASE_URL)("import boundaries (biome lint)", () => {
  test("the tree as it is breaks none", async () => {
    expect(await lint(copy, ["src"])).toEqual([]);
  }, 60_000);

  test("each planted cycle, cross-feature import and server → client import is reported", async () => {
    for (const [file, plant] of Object.entries(PLANTS)) {
      mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      writeFileSync(path.join(copy, file), plant.source);
    }
    planted = await lint(copy, ["src"]);
    for (const [file, plant] of SERVER_PLANTS) {
      expect(planted, file).toContainEqual({ rule: plant.rule, file });
    }
  }, 60_000);

  test("a client feature importing another client feature is reported", () => {
    for (const [file, plant] of CLIENT_PLANTS) {
      expect(planted, file).toContainEqual({ rule: plant.rule, file });
    }
  });
});
