import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Each side's unread count kept on its conversation (`buyerUnread`,
 * `sellerUnread`): the other side's messages after that side's read marker,
 * the rule migration 015 states. The navbar badge added it up over every
 * conversation the user ever had, a seek into the messages for each (a
 * seller with 10,000 conversations: 20 ms on every page); with the counts
 * kept, and an index of the conversations whose count isn't 0, it reads only
 * the conversations with something unread (conversations/unread.ts).
 *
 * Kept by triggers, so every write path is counted, the app's and any other:
 * a message added or removed moves the count of the side it is unread for,
 * and a read marker moved counts that conversation again.
 */
export function unreadCountsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      for (const column of ["buyerUnread", "sellerUnread"]) {
        await db.schema
          .alterTable("conversations")
          .addColumn(column, "integer", (col) => col.notNull().defaultTo(0))
          .execute();
      }
      await sql`update conversations set
        "buyerUnread" = ${countAfterMarker("conversations", "buyer")},
        "sellerUnread" = ${countAfterMarker("conversations", "seller")}`.execute(db);
      // Partial: a user's conversations with nothing unread (most of them) are not in it.
      await sql`create index conversations_buyer_unread on conversations ("buyerId")
        where "buyerUnread" > 0`.execute(db);
      await sql`create index conversations_seller_unread on conversations ("sellerId")
        where "sellerUnread" > 0`.execute(db);
      if (dialect === "postgres") await createPostgresTriggers(db);
      else await createSqliteTriggers(db);
    },
    async down(db: AnyDb) {
      if (dialect === "postgres") {
        await sql`drop trigger if exists unread_messages on messages`.execute(db);
        await sql`drop trigger if exists unread_read_markers on conversations`.execute(db);
        await sql`drop function if exists unread_on_message()`.execute(db);
        await sql`drop function if exists unread_on_read()`.execute(db);
      } else {
        for (const name of [
          "unread_messages_insert",
          "unread_messages_delete",
          "unread_read_markers",
        ]) {
          await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
        }
      }
      await db.schema.dropIndex("conversations_buyer_unread").execute();
      await db.schema.dropIndex("conversations_seller_unread").execute();
      await db.schema.alterTable("conversations").dropColumn("buyerUnread").execute();
      await db.schema.alterTable("conversations").dropColumn("sellerUnread").execute();
    },
  };
}

/** The other side's messages in conversation `row` after `side`'s read marker. */
function countAfterMarker(row: string, side: "buyer" | "seller") {
  return sql`(select count(*) from messages m where m."conversationId" = ${sql.ref(`${row}.id`)}
    and m."senderId" <> ${sql.ref(`${row}.${side}Id`)} and m.id > ${sql.ref(`${row}.${side}ReadId`)})`;
}

/** 1 when `message` is unread for `side` of the conversation being updated, else 0. */
function unreadFor(message: "new" | "old", side: "buyer" | "seller") {
  return sql`case when ${sql.ref(`${message}.senderId`)} <> ${sql.ref(`${side}Id`)}
    and ${sql.ref(`${message}.id`)} > ${sql.ref(`${side}ReadId`)} then 1 else 0 end`;
}

/**
 * A new message (`new`) counts for the side it is unread for; both
 * databases. `alsoSet` adds assignments to the same update (migration 034).
 */
export function countNewMessage(alsoSet: RawBuilder<unknown> = sql``) {
  return sql`update conversations set
      "buyerUnread" = "buyerUnread" + ${unreadFor("new", "buyer")},
      "sellerUnread" = "sellerUnread" + ${unreadFor("new", "seller")}${alsoSet}
    where id = new."conversationId";`;
}

/** A removed message (`old`) no longer counts for the side it was unread for; both databases. */
export function uncountRemovedMessage() {
  return sql`update conversations set
      "buyerUnread" = "buyerUnread" - ${unreadFor("old", "buyer")},
      "sellerUnread" = "sellerUnread" - ${unreadFor("old", "seller")}
    where id = old."conversationId";`;
}

async function createSqliteTriggers(db: AnyDb) {
  await sql`create trigger unread_messages_insert after insert on messages begin
    ${countNewMessage()}
  end`.execute(db);
  await sql`create trigger unread_messages_delete after delete on messages begin
    ${uncountRemovedMessage()}
  end`.execute(db);
  await sql`create trigger unread_read_markers after update of "buyerReadId", "sellerReadId"
    on conversations begin
    update conversations set
      "buyerUnread" = ${countAfterMarker("new", "buyer")},
      "sellerUnread" = ${countAfterMarker("new", "seller")}
    where id = new.id;
  end`.execute(db);
}

async function createPostgresTriggers(db: AnyDb) {
  // Row-locked like any update of the conversation: concurrent messages add up, and a
  // count made again after a read marker moved sees every message committed before it.
  await sql`create function unread_on_message() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${countNewMessage()}
      else
        ${uncountRemovedMessage()}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger unread_messages after insert or delete on messages
    for each row execute function unread_on_message()`.execute(db);
  await sql`create function unread_on_read() returns trigger language plpgsql as $$
    begin
      update conversations set
        "buyerUnread" = ${countAfterMarker("new", "buyer")},
        "sellerUnread" = ${countAfterMarker("new", "seller")}
      where id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger unread_read_markers after update of "buyerReadId", "sellerReadId"
    on conversations for each row execute function unread_on_read()`.execute(db);
}
