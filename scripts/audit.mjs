// npm run audit: no high or critical advisory in the production dependencies
// (issue 6, point 9). Runs `npm audit --omit=dev --audit-level=high --json`,
// prints a summary, and exits
//   0  no high or critical advisory (lower ones are listed, not failed on);
//   1  a high or critical advisory: the names, titles and links are printed;
//   0  the registry's audit endpoint gave no report (some mirrors answer 405):
//      printed as "NOT CHECKED", so it can't pass for a clean result;
//   3  the same, when AUDIT_STRICT=1 (or --strict) says a missing report must fail.
// AUDIT_REPORT_FILE=<json> reads a saved report instead of asking npm (tests).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const strict = process.argv.includes("--strict") || process.env.AUDIT_STRICT === "1";

function audit() {
  if (process.env.AUDIT_REPORT_FILE)
    return { stdout: readFileSync(process.env.AUDIT_REPORT_FILE, "utf8") };
  return spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
    encoding: "utf8",
    timeout: 120_000,
  });
}

const run = audit();
let report;
try {
  report = JSON.parse(run.stdout ?? "");
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;

if (!counts) {
  const reason =
    report?.message ??
    report?.error?.summary ??
    run.error?.message ??
    String(run.stderr ?? "")
      .trim()
      .split("\n")
      .pop() ??
    "no answer";
  console.log(
    `npm audit: NOT CHECKED: the registry's audit endpoint gave no report (${reason || "no answer"}).`,
  );
  console.log(
    strict
      ? "Failing, because AUDIT_STRICT=1: a release must not go out unchecked."
      : "Not failing the build for it; set AUDIT_STRICT=1 where the endpoint is reachable to require a report.",
  );
  process.exit(strict ? 3 : 0);
}

const serious = [];
const minor = [];
for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
  const advisories = (entry.via ?? []).filter((via) => typeof via === "object");
  const titles = advisories.map(
    (via) => `${via.title ?? "advisory"}${via.url ? ` (${via.url})` : ""}`,
  );
  const line = `  ${entry.severity.padEnd(8)} ${name}${entry.range ? ` ${entry.range}` : ""}${titles.length ? `: ${titles.join("; ")}` : ` (through ${(entry.via ?? []).join(", ")})`}`;
  (entry.severity === "high" || entry.severity === "critical" ? serious : minor).push(line);
}
const total = `${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`;
const dependencies = report.metadata.dependencies?.prod ?? report.metadata.dependencies?.total;
console.log(
  `npm audit (production dependencies${dependencies ? `, ${dependencies} packages` : ""}): ${total}`,
);
for (const line of [...serious, ...minor]) console.log(line);
if (serious.length > 0) {
  console.log(
    "High or critical advisories: update or replace these packages (npm audit fix --omit=dev shows how).",
  );
  process.exit(1);
}
