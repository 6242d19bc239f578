import { CompiledQuery, sql } from "kysely";
import { expect } from "vitest";
import type { AppDb, Dialect } from "#src/server/db/database";

/**
 * The plan `query` gets, one line per step: SQLite's `explain query plan`,
 * PostgreSQL's `explain` with sequential scans and whole sorts priced out.
 * A test's tables are near empty, and PostgreSQL would rightly scan and sort
 * them; this asks what it can do without, as it does once a table is large.
 */
export async function planOf(db: AppDb, dialect: Dialect, query: CompiledQuery): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (dialect === "postgres") {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
    }
    const explain = dialect === "postgres" ? "explain" : "explain query plan";
    const explained = await trx.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
    );
    return planText(explained.rows);
  });
}

/** An EXPLAIN's rows as text, one line per step. */
export const planText = (rows: Record<string, string>[]): string =>
  rows.map((row) => Object.values(row).join(" ")).join("\n");

/**
 * Fails unless a page is read in `index`'s order: at most the ties of one
 * instant sorted by id (SQLite's "last term of order by", PostgreSQL's
 * incremental sort), never every row of the list sorted for each page.
 */
export function expectReadInOrderFrom(plan: string, index: string): void {
  expect(plan).toContain(index);
  expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY|^\s*(->\s+)?Sort\s+\(/m);
}
