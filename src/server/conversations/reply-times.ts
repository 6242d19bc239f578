import type { AppDb } from "../db/database";
import { withConversationTables } from "./conversation-tables";

/**
 * How quickly a seller answers (PRODUCT.md §8, the seller profile): for each
 * of the seller's conversations, the minutes from a buyer's message to the
 * seller's next message; the median over all of them, rounded to whole
 * minutes. A run of buyer messages counts from its first one; a buyer
 * message the seller never answered counts nothing. Null when the seller has
 * answered no one yet.
 */
export async function medianReplyMinutes(db: AppDb, sellerId: string): Promise<number | null> {
  const rows = await withConversationTables(db)
    .selectFrom("messages")
    .innerJoin("conversations", "conversations.id", "messages.conversationId")
    .select(["messages.conversationId", "messages.senderId", "messages.sentAt"])
    .where("conversations.sellerId", "=", sellerId)
    .orderBy("messages.conversationId")
    .orderBy("messages.id")
    .execute();
  const waits: number[] = [];
  let conversation: string | null = null;
  let askedAt: number | null = null;
  for (const row of rows) {
    if (row.conversationId !== conversation) {
      conversation = row.conversationId;
      askedAt = null;
    }
    const at = new Date(row.sentAt).getTime();
    if (row.senderId !== sellerId) askedAt ??= at;
    else if (askedAt !== null) {
      waits.push((at - askedAt) / 60_000);
      askedAt = null;
    }
  }
  if (waits.length === 0) return null;
  waits.sort((a, b) => a - b);
  const middle = Math.floor(waits.length / 2);
  const median =
    waits.length % 2 === 1
      ? (waits[middle] ?? 0)
      : ((waits[middle - 1] ?? 0) + (waits[middle] ?? 0)) / 2;
  return Math.round(median);
}
