import type { CompiledQuery, KyselyPlugin } from "kysely";
import type { AppDb } from "#src/server/db/database";

/**
 * `db`, counting the statements run through it (a transaction's begin and
 * commit aside). On PostgreSQL each is a round trip, which costs the app and
 * the database more CPU than most statements' own work (docs/decisions/0021).
 * `seen` holds each statement's query id, `ran` the statement as sent (its
 * SQL and parameters, for a test to look at or explain), both in order.
 */
export function countingStatements(db: AppDb): {
  db: AppDb;
  seen: string[];
  ran: CompiledQuery[];
} {
  const seen: string[] = [];
  const ran: CompiledQuery[] = [];
  const built = new Map<string, CompiledQuery>();
  const counter: KyselyPlugin = {
    // A statement built for another's `with`, or as a subquery, is transformed
    // too, but only what runs has a result.
    transformQuery: (args) => {
      built.set(args.queryId.queryId, db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    async transformResult(args) {
      const { queryId } = args.queryId;
      seen.push(queryId);
      const compiled = built.get(queryId);
      built.delete(queryId);
      if (compiled) ran.push(compiled);
      return args.result;
    },
  };
  return { db: db.withPlugin(counter), seen, ran };
}
