import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

/** Issue 6, point 9: scripts/audit.mjs decides on a report as documented (fed saved reports). */
const dir = mkdtempSync(path.join(tmpdir(), "reride-audit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function audit(report: unknown, env: Record<string, string> = {}) {
  const file = path.join(dir, `${Math.random()}.json`);
  writeFileSync(file, JSON.stringify(report));
  const result = spawnSync(process.execPath, ["scripts/audit.mjs"], {
    env: { ...process.env, AUDIT_REPORT_FILE: file, AUDIT_STRICT: "", ...env },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout };
}

const counts = (high: number, critical: number, moderate = 0) => ({
  metadata: {
    vulnerabilities: {
      info: 0,
      low: 0,
      moderate,
      high,
      critical,
      total: high + critical + moderate,
    },
  },
});

test("no advisories: passes", () => {
  const result = audit({ ...counts(0, 0), vulnerabilities: {} });
  expect(result.code).toBe(0);
  expect(result.out).toMatch(/0 critical, 0 high/);
});

test("a moderate advisory is listed but does not fail", () => {
  const result = audit({
    ...counts(0, 0, 1),
    vulnerabilities: {
      foo: {
        severity: "moderate",
        range: "<1.2.3",
        via: [{ title: "ReDoS in foo", url: "https://example.test/1" }],
      },
    },
  });
  expect(result.code).toBe(0);
  expect(result.out).toMatch(/moderate\s+foo <1\.2\.3: ReDoS in foo/);
});

test("a high or critical advisory fails, naming the package and advisory", () => {
  const result = audit({
    ...counts(1, 1),
    vulnerabilities: {
      bar: {
        severity: "high",
        via: [{ title: "Prototype pollution in bar", url: "https://example.test/2" }],
      },
      baz: { severity: "critical", via: ["bar"] },
    },
  });
  expect(result.code).toBe(1);
  expect(result.out).toMatch(/high\s+bar: Prototype pollution in bar/);
  expect(result.out).toMatch(/critical\s+baz \(through bar\)/);
});

test("no report from the registry is NOT CHECKED: a pass by default, a failure when strict", () => {
  const unreachable = { message: "405 Method Not Allowed", statusCode: 405 };
  const lenient = audit(unreachable);
  expect(lenient.code).toBe(0);
  expect(lenient.out).toMatch(/NOT CHECKED.*405/);
  expect(audit(unreachable, { AUDIT_STRICT: "1" }).code).toBe(3);
});
