import { z } from "zod";
import type { BikeStatus } from "./bikes";
import { isPlainText } from "./text";

export const MAX_MESSAGE_LENGTH = 2000;

/** A message's text: 1 to 2,000 characters once trimmed, several lines allowed, never markup. */
export const messageTextSchema = z
  .string({ error: "Write a message" })
  .trim()
  .min(1, "Write a message")
  .max(MAX_MESSAGE_LENGTH, `A message can be at most ${MAX_MESSAGE_LENGTH} characters`)
  .refine(
    (value) => isPlainText(value, "text"),
    "The message contains characters that can't be typed",
  );

export const messageInputSchema = z.object({ text: messageTextSchema });
export type MessageInput = z.input<typeof messageInputSchema>;

/** POST /api/conversations: the first (or next) message to a bike's seller. */
export const conversationInputSchema = z.object({
  bikeId: z
    .string({ error: "bikeId is required" })
    .trim()
    .min(1, "bikeId is required")
    .max(64, "There is no such bike"),
  text: messageTextSchema,
});
export type ConversationInput = z.input<typeof conversationInputSchema>;

export const pageQuerySchema = z.object({
  cursor: z.string().max(200, "Invalid cursor").optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .optional(),
});

export interface Message {
  /** Messages of a conversation are numbered in the order they were written. */
  id: string;
  conversationId: string;
  senderId: string;
  text: string;
  sentAt: string;
}

export interface ConversationSummary {
  id: string;
  /** Null once the bike was deleted. */
  bike: { id: string; title: string; imageUrl: string; status: BikeStatus } | null;
  buyer: { id: string; name: string };
  seller: { id: string; name: string; verified: boolean };
  lastMessage: { text: string; sentAt: string; senderId: string } | null;
  unreadCount: number;
}

export interface ConversationPage {
  items: ConversationSummary[];
  nextCursor: string | null;
}

export interface MessagePage {
  /** Oldest first within the page; the next page holds older ones. */
  items: Message[];
  nextCursor: string | null;
}

export interface UnreadCounts {
  messages: number;
  notifications: number;
}
