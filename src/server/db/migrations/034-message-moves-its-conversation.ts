import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { countNewMessage, uncountRemovedMessage } from "./027-unread-counts";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * A new message moves its conversation to the top of both lists
 * (`lastMessageAt`) in the same update that counts it unread (migration
 * 027), instead of the app updating the row once more before the insert.
 * Both columns are indexed or in an index's predicate, so each update of
 * the conversation wrote a new row version with new entries in every one of
 * its indexes on PostgreSQL (no HOT update): a message now writes one
 * version where it wrote two. Like the count, it holds for every write
 * path: a message inserted by hand moves its conversation too. A
 * conversation only moves forward (`greatest`/`max`), so a message dated
 * in the past doesn't sink it. Removing a message leaves it where it is,
 * as before.
 */
export function messageMovesItsConversationMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect === "postgres") await replacePostgresFunction(db, true);
      else await replaceSqliteTrigger(db, true);
    },
    async down(db: AnyDb) {
      if (dialect === "postgres") await replacePostgresFunction(db, false);
      else await replaceSqliteTrigger(db, false);
    },
  };
}

async function replaceSqliteTrigger(db: AnyDb, moves: boolean) {
  await sql`drop trigger if exists unread_messages_insert`.execute(db);
  const move = moves ? sql`, "lastMessageAt" = max("lastMessageAt", new."sentAt")` : sql``;
  await sql`create trigger unread_messages_insert after insert on messages begin
    ${countNewMessage(move)}
  end`.execute(db);
}

async function replacePostgresFunction(db: AnyDb, moves: boolean) {
  const move = moves ? sql`, "lastMessageAt" = greatest("lastMessageAt", new."sentAt")` : sql``;
  // The trigger (migration 027) calls the function by name: replacing it is enough.
  await sql`create or replace function unread_on_message() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${countNewMessage(move)}
      else
        ${uncountRemovedMessage()}
      end if;
      return null;
    end $$`.execute(db);
}
