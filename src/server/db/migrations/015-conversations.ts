import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { timestampType } from "./001-catalog";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Conversations between a buyer and a bike's seller, their messages, and the
 * live events that carry new messages, notifications and unread counts to
 * every open tab on every process (PRODUCT.md §8,
 * docs/decisions/0016-live-events.md).
 *
 * - One conversation per buyer and bike (unique index); it outlives the bike
 *   (`bikeId` becomes null) and goes with either participant's account.
 * - Messages are numbered in order (`id`), so a participant's read marker is
 *   the last message id they have seen (`buyerReadId`, `sellerReadId`), and
 *   their unread count is the other side's messages after it.
 * - `buyerMailedAt` / `sellerMailedAt`: when that side was last mailed about
 *   this conversation, for the batching of message mails.
 * - `liveEvents`: an append-only log written by triggers, whatever the write
 *   path: a message (one row per participant), a notification (anyone's
 *   `notify()`), a read marker or a notification being read (the unread
 *   counts moved). Its id is the SSE event id, so a reconnecting tab asks for
 *   what came after the last one it saw. On PostgreSQL each row takes a
 *   transaction-scoped lock first, so ids become visible in id order (a
 *   reader never sees 11 before 10 commits), and a NOTIFY (delivered only
 *   on commit) wakes every process's listener.
 */
export function conversationsMigration(dialect: Dialect) {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  const idColumn = (col: ColumnDefinitionBuilder) =>
    dialect === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("conversations")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("bikeId", "text", (col) => col.references("bikes.id").onDelete("set null"))
        .addColumn("buyerId", "text", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("sellerId", "text", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("createdAt", timestampType(dialect), (col) => col.notNull())
        .addColumn("lastMessageAt", timestampType(dialect), (col) => col.notNull())
        .addColumn("buyerReadId", "bigint", (col) => col.notNull().defaultTo(0))
        .addColumn("sellerReadId", "bigint", (col) => col.notNull().defaultTo(0))
        .addColumn("buyerMailedAt", timestampType(dialect))
        .addColumn("sellerMailedAt", timestampType(dialect))
        .execute();
      await db.schema
        .createIndex("conversations_bike_buyer")
        .on("conversations")
        .columns(["bikeId", "buyerId"])
        .unique()
        .execute();
      for (const side of ["buyerId", "sellerId"]) {
        await db.schema
          .createIndex(`conversations_${side}_activity`)
          .on("conversations")
          .columns([side, "lastMessageAt", "id"])
          .execute();
      }
      await db.schema
        .createTable("messages")
        .addColumn("id", serial, idColumn)
        .addColumn("conversationId", "text", (col) =>
          col.notNull().references("conversations.id").onDelete("cascade"),
        )
        .addColumn("senderId", "text", (col) => col.notNull())
        .addColumn("text", "text", (col) => col.notNull())
        .addColumn("sentAt", timestampType(dialect), (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("messages_conversation")
        .on("messages")
        .columns(["conversationId", "id"])
        .execute();
      await db.schema
        .createTable("liveEvents")
        .addColumn("id", serial, idColumn)
        .addColumn("userId", "text", (col) => col.notNull())
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("subjectId", "text")
        .addColumn("createdAt", timestampType(dialect), (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("live_events_user")
        .on("liveEvents")
        .columns(["userId", "id"])
        .execute();
      await db.schema
        .createIndex("live_events_created")
        .on("liveEvents")
        .column("createdAt")
        .execute();
      if (dialect === "postgres") await createPostgresTriggers(db);
      else await createSqliteTriggers(db);
    },
    async down(db: AnyDb) {
      if (dialect === "postgres") {
        await sql`drop trigger if exists live_messages on messages`.execute(db);
        await sql`drop trigger if exists live_notifications on notifications`.execute(db);
        await sql`drop trigger if exists live_notifications_read on notifications`.execute(db);
        await sql`drop trigger if exists live_conversations_read on conversations`.execute(db);
        await sql`drop function if exists live_message_event()`.execute(db);
        await sql`drop function if exists live_notification_event()`.execute(db);
        await sql`drop function if exists live_read_event()`.execute(db);
        await sql`drop function if exists live_event(text, text, text)`.execute(db);
      } else {
        for (const name of [
          "live_messages",
          "live_notifications",
          "live_notifications_read",
          "live_conversations_read",
        ]) {
          await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
        }
      }
      await db.schema.dropTable("liveEvents").execute();
      await db.schema.dropTable("messages").execute();
      await db.schema.dropTable("conversations").execute();
    },
  };
}

/** The channel every process LISTENs on (src/server/live/live-source.ts). */
export const LIVE_CHANNEL = "reride_live_events";
/** Any fixed number: the transaction lock that keeps live event ids in commit order. */
export const LIVE_EVENTS_LOCK_KEY = 7_261_995;

const SQLITE_NOW = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

async function createSqliteTriggers(db: AnyDb) {
  // SQLite runs one write transaction at a time: ids commit in order by themselves.
  await sql`create trigger live_messages after insert on messages begin
    insert into "liveEvents" ("userId", kind, "subjectId", "createdAt")
      select c."buyerId", 'message', cast(new.id as text), ${SQLITE_NOW}
        from conversations c where c.id = new."conversationId";
    insert into "liveEvents" ("userId", kind, "subjectId", "createdAt")
      select c."sellerId", 'message', cast(new.id as text), ${SQLITE_NOW}
        from conversations c where c.id = new."conversationId";
  end`.execute(db);
  await sql`create trigger live_notifications after insert on notifications begin
    insert into "liveEvents" ("userId", kind, "subjectId", "createdAt")
      values (new."userId", 'notification', new.id, ${SQLITE_NOW});
  end`.execute(db);
  await sql`create trigger live_notifications_read after update of "readAt" on notifications
    when old."readAt" is null and new."readAt" is not null begin
    insert into "liveEvents" ("userId", kind, "subjectId", "createdAt")
      values (new."userId", 'unread', null, ${SQLITE_NOW});
  end`.execute(db);
  await sql`create trigger live_conversations_read after update of "buyerReadId", "sellerReadId"
    on conversations begin
    insert into "liveEvents" ("userId", kind, "subjectId", "createdAt")
      select new."buyerId", 'unread', new.id, ${SQLITE_NOW} where new."buyerReadId" <> old."buyerReadId";
    insert into "liveEvents" ("userId", kind, "subjectId", "createdAt")
      select new."sellerId", 'unread', new.id, ${SQLITE_NOW} where new."sellerReadId" <> old."sellerReadId";
  end`.execute(db);
}

/**
 * Writes a live event at once, under a lock held to commit that keeps ids in
 * commit order. Migration 026 moves the writing to commit; its `down` brings
 * this back.
 */
export async function createLiveEventAtWrite(db: AnyDb) {
  await sql`create or replace function live_event(target text, what text, subject text)
    returns void language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(LIVE_EVENTS_LOCK_KEY)});
      insert into "liveEvents" ("userId", kind, "subjectId", "createdAt")
        values (target, what, subject, now());
      perform pg_notify(${sql.lit(LIVE_CHANNEL)}, '');
    end $$`.execute(db);
}

async function createPostgresTriggers(db: AnyDb) {
  await createLiveEventAtWrite(db);
  await sql`create function live_message_event() returns trigger language plpgsql as $$
    declare c record;
    begin
      select "buyerId", "sellerId" into c from conversations where id = new."conversationId";
      perform live_event(c."buyerId", 'message', new.id::text);
      perform live_event(c."sellerId", 'message', new.id::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger live_messages after insert on messages
    for each row execute function live_message_event()`.execute(db);
  await sql`create function live_notification_event() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform live_event(new."userId", 'notification', new.id);
      elsif old."readAt" is null and new."readAt" is not null then
        perform live_event(new."userId", 'unread', null);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger live_notifications after insert on notifications
    for each row execute function live_notification_event()`.execute(db);
  await sql`create trigger live_notifications_read after update of "readAt" on notifications
    for each row execute function live_notification_event()`.execute(db);
  await sql`create function live_read_event() returns trigger language plpgsql as $$
    begin
      if new."buyerReadId" <> old."buyerReadId" then
        perform live_event(new."buyerId", 'unread', new.id);
      end if;
      if new."sellerReadId" <> old."sellerReadId" then
        perform live_event(new."sellerId", 'unread', new.id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger live_conversations_read after update of "buyerReadId", "sellerReadId"
    on conversations for each row execute function live_read_event()`.execute(db);
}
