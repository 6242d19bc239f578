import type { UnreadCounts } from "#src/shared/schemas/conversations";
import type { AppDb } from "../db/database";
import { withConversationTables } from "./conversation-tables";

/**
 * The navbar badge's numbers: messages from the other side after the
 * caller's read marker, over all their conversations, and unread
 * notifications.
 */
export async function countUnread(db: AppDb, userId: string): Promise<UnreadCounts> {
  const tables = withConversationTables(db);
  const messages = await tables
    .selectFrom("messages")
    .innerJoin("conversations", "conversations.id", "messages.conversationId")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("messages.senderId", "<>", userId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("conversations.buyerId", "=", userId),
          eb("messages.id", ">", eb.ref("conversations.buyerReadId")),
        ]),
        eb.and([
          eb("conversations.sellerId", "=", userId),
          eb("messages.id", ">", eb.ref("conversations.sellerReadId")),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  const notifications = await tables
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .executeTakeFirstOrThrow();
  return { messages: Number(messages.count), notifications: Number(notifications.count) };
}
