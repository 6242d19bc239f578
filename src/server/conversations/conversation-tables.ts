import type { Generated, Kysely } from "kysely";
import type { Tables } from "../db/tables";
import type { NotificationsTable } from "../notifications/notification-tables";

/** migrations/015-conversations.ts */
export interface ConversationsTable {
  id: string;
  bikeId: string | null;
  buyerId: string;
  sellerId: string;
  createdAt: Date | string;
  lastMessageAt: Date | string;
  /** The last message id each side has read; their unread count is the other side's messages after it. */
  buyerReadId: number;
  sellerReadId: number;
  /** Each side's messages unread by the rule above, kept by triggers (migration 027). */
  buyerUnread: Generated<number>;
  sellerUnread: Generated<number>;
  /** When each side was last mailed about this conversation (message mails are batched). */
  buyerMailedAt: Date | string | null;
  sellerMailedAt: Date | string | null;
}

export interface MessagesTable {
  /** In order of writing: the read markers and pages compare it. */
  id: Generated<number>;
  conversationId: string;
  senderId: string;
  text: string;
  sentAt: Date | string;
}

export type LiveEventKind = "message" | "notification" | "unread";

/** Written only by the migration's triggers; read by src/server/live. */
export interface LiveEventsTable {
  id: Generated<number>;
  userId: string;
  kind: LiveEventKind;
  subjectId: string | null;
  createdAt: Date | string;
}

export type ConversationTables = Tables & {
  conversations: ConversationsTable;
  messages: MessagesTable;
  liveEvents: LiveEventsTable;
  notifications: NotificationsTable;
};

/**
 * The conversation tables, kept out of db/tables.ts: the conversations
 * feature, the live events and the reply-time statistic read them.
 */
export const withConversationTables = (db: Kysely<Tables>): Kysely<ConversationTables> =>
  db.withTables<{
    conversations: ConversationsTable;
    messages: MessagesTable;
    liveEvents: LiveEventsTable;
    notifications: NotificationsTable;
  }>();
