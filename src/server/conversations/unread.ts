import { sql } from "kysely";
import type { UnreadCounts } from "#src/shared/schemas/conversations";
import type { AppDb } from "../db/database";
import { withConversationTables } from "./conversation-tables";

/**
 * The navbar badge's numbers: messages from the other side after the
 * caller's read marker, over all their conversations, and unread
 * notifications. A new message is also a notification (kind "message"), but
 * it is counted once, among the messages: the badge would otherwise say 2
 * for one message. Reading the conversation reads its notifications too.
 *
 * Each conversation keeps both sides' counts (migration 027, triggers), and
 * only conversations with something unread are read, through their partial
 * indexes: the literal `> 0` is what lets the databases use them.
 */
export async function countUnread(db: AppDb, userId: string): Promise<UnreadCounts> {
  const tables = withConversationTables(db);
  const unreadAs = (side: "buyer" | "seller") =>
    tables
      .selectFrom("conversations")
      .select((eb) => eb.fn.sum<number | string | null>(`${side}Unread`).as("count"))
      .where(`${side}Id`, "=", userId)
      .where(sql<boolean>`${sql.ref(`${side}Unread`)} > 0`);
  const messages = await tables
    .selectNoFrom([unreadAs("buyer").as("asBuyer"), unreadAs("seller").as("asSeller")])
    .executeTakeFirstOrThrow();
  const notifications = await tables
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .where("kind", "<>", "message")
    .executeTakeFirstOrThrow();
  return {
    messages: Number(messages.asBuyer ?? 0) + Number(messages.asSeller ?? 0),
    notifications: Number(notifications.count),
  };
}
