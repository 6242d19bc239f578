import axe from "axe-core";
import type { Page } from "playwright-core";

declare global {
  interface Window {
    /** Defined by axe-core's bundle once it is injected into the page. */
    axe?: typeof axe;
  }
}

/** The WCAG rules axe checks: up to 2.2 AA, plus its best practices. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/** The impacts that fail a journey; "minor" and "moderate" ones are reported only in docs. */
const BLOCKING = new Set(["serious", "critical"]);

/** What a journey needs of one axe violation (the full result does not cross to Node whole). */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; failureSummary: string; html: string }[];
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or
 * critical violation, naming each rule, where it happened and what to fix,
 * so a failure reads as a to-do list rather than a JSON dump.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ""));
  if (blocking.length > 0) {
    throw new Error(
      `${blocking.length} serious or critical accessibility violation(s) on ${label}:\n${blocking.map(describeViolation).join("\n")}`,
    );
  }
}

/** Every violation axe finds on the page, whatever its impact. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Injected once per document (a client-side navigation keeps it). Evaluated
  // through the DevTools protocol: ReRide's CSP rightly refuses an inline <script>.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const runner = window.axe;
    if (!runner) throw new Error("axe-core did not load into the page");
    const results = await runner.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(" "),
        failureSummary: (node.failureSummary ?? "").replace(/\s+/g, " ").trim(),
        html: node.html.slice(0, 200),
      })),
    }));
  }, TAGS);
}

function describeViolation(violation: AxeViolation): string {
  const where = violation.nodes
    .slice(0, 5)
    .map((node) => `  - ${node.target}: ${node.failureSummary}\n    ${node.html}`)
    .join("\n");
  const more = violation.nodes.length > 5 ? `\n  … and ${violation.nodes.length - 5} more` : "";
  return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${where}${more}`;
}
