import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

/**
 * The suite must run on the Node it claims to (docs/decisions/0012-node-runtime.md):
 * the project brings Node 24 through its `node` dependency, and CI runs the API
 * suite a second time on Node 22 with TEST_NODE_MAJOR=22. A worker or a child
 * server that quietly fell back to the machine's own Node would fail here.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const packageJson = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);

describe(`Node runtime (this worker: ${process.version})`, () => {
  test("is one that package.json's engines allow: 22.22 or later 22, or 24 and up", () => {
    expect(packageJson.engines.node).toBe("^22.22 || >=24");
    expect(major >= 24 || (major === 22 && minor >= 22)).toBe(true);
  });

  test("is the major this run asked for (TEST_NODE_MAJOR), else the one the project ships", () => {
    const shipped = Number(packageJson.dependencies.node?.split(".")[0]);
    const nvmrc = Number(readFileSync(`${root}.nvmrc`, "utf8").trim());
    expect(nvmrc).toBe(shipped);
    expect(major).toBe(Number(process.env.TEST_NODE_MAJOR || shipped));
  });

  test("a child server started through tsx runs on the same Node, with the native modules loaded", () => {
    const script = [
      'const Database = require("better-sqlite3");',
      'const row = new Database(":memory:").prepare("select 1 as one").get();',
      'const sharp = require("sharp");',
      "console.log(JSON.stringify({ version: process.version, one: row.one, vips: sharp.versions.vips }));",
    ].join("\n");
    const result = spawnSync(process.execPath, ["--import", "tsx", "--eval", script], {
      cwd: root,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.stderr).toBe("");
    const answer = JSON.parse(result.stdout) as { version: string; one: number; vips: string };
    expect(answer).toMatchObject({ version: process.version, one: 1 });
    expect(answer.vips).toMatch(/^\d+\.\d+/);
  }, 30_000);
});
