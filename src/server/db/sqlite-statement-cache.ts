import type SQLite from "better-sqlite3";

/** How many distinct SQL texts keep their prepared statement (the app sends a few hundred). */
const PREPARED_STATEMENTS = 1000;

/** Prepares a statement, or hands back the one already prepared for the same text. */
export interface StatementCache {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

/**
 * Kysely's SQLite driver prepares every statement it runs, each time: on a
 * page read that is more time than running the statements. The same SQL text
 * gets the statement prepared the first time instead (SQLite re-prepares it
 * itself if the schema changes). A statement still being iterated (a
 * streamed query) is busy: should the same text be asked for meanwhile, it
 * gets a fresh one. The oldest
 * texts are dropped past PREPARED_STATEMENTS, so lists of varying length
 * (`in (?, ?, …)`) can't grow the map without bound.
 */
export function statementCache(sqlite: SQLite.Database): StatementCache {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const known = prepared.get(sql);
      if (known) return known.busy ? sqlite.prepare(sql) : known;
      const statement = sqlite.prepare(sql);
      if (prepared.size >= PREPARED_STATEMENTS) {
        const oldest = prepared.keys().next().value;
        if (oldest !== undefined) prepared.delete(oldest);
      }
      prepared.set(sql, statement);
      return statement;
    },
  };
}
