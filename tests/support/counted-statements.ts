import type { KyselyPlugin } from "kysely";
import type { AppDb } from "#src/server/db/database";

/**
 * `db`, counting the statements run through it (a transaction's begin and
 * commit aside). On PostgreSQL each is a round trip, which costs the app and
 * the database more CPU than most statements' own work (docs/decisions/0021).
 */
export function countingStatements(db: AppDb): { db: AppDb; seen: string[] } {
  const seen: string[] = [];
  const counter: KyselyPlugin = {
    // A statement built for another's `with` is transformed too, but only what runs has a result.
    transformQuery: (args) => args.node,
    async transformResult(args) {
      seen.push(args.queryId.queryId);
      return args.result;
    },
  };
  return { db: db.withPlugin(counter), seen };
}
