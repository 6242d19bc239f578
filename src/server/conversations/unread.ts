import type { UnreadCounts } from "#src/shared/schemas/conversations";
import type { AppDb } from "../db/database";
import { withConversationTables } from "./conversation-tables";

/**
 * The navbar badge's numbers: messages from the other side after the
 * caller's read marker, over all their conversations, and unread
 * notifications. A new message is also a notification (kind "message"), but
 * it is counted once, among the messages: the badge would otherwise say 2
 * for one message. Reading the conversation reads its notifications too.
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
    .where("kind", "<>", "message")
    .executeTakeFirstOrThrow();
  return { messages: Number(messages.count), notifications: Number(notifications.count) };
}
