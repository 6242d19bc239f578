import { z } from "zod";
import { bikeStatuses } from "../bikes";
import type {
  ConversationPage,
  ConversationSummary,
  Message,
  MessagePage,
  UnreadCounts,
} from "../conversations";
import type { SameType } from "./same-type";

/** Response schemas of conversations, messages and the unread counts. */

export const messageSchema = z
  .object({
    id: z
      .string()
      .describe("Messages of a conversation are numbered in the order they were written."),
    conversationId: z.string(),
    senderId: z.string(),
    text: z.string().describe("Plain text, 1–2,000 characters; never rendered as markup."),
    sentAt: z.iso.datetime(),
  })
  .meta({ id: "Message" });
true satisfies SameType<z.infer<typeof messageSchema>, Message>;

export const conversationSchema = z
  .object({
    id: z.string(),
    bike: z
      .object({
        id: z.string(),
        title: z.string(),
        imageUrl: z.string(),
        status: z.enum(bikeStatuses),
      })
      .nullable()
      .describe("Null once the bike was deleted."),
    buyer: z.object({ id: z.string(), name: z.string() }),
    seller: z
      .object({ id: z.string(), name: z.string(), verified: z.boolean() })
      .describe("Never the seller's phone."),
    lastMessage: z
      .object({ text: z.string(), sentAt: z.iso.datetime(), senderId: z.string() })
      .nullable(),
    unreadCount: z.number().int().describe("The other side's messages the caller hasn't read."),
  })
  .meta({ id: "Conversation" });
true satisfies SameType<z.infer<typeof conversationSchema>, ConversationSummary>;

export const startedConversationSchema = conversationSchema.extend({ message: messageSchema });

export const conversationPageSchema = z.object({
  items: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
});
true satisfies SameType<z.infer<typeof conversationPageSchema>, ConversationPage>;

export const messagePageSchema = z.object({
  items: z.array(messageSchema).describe("Oldest first within the page."),
  nextCursor: z.string().nullable().describe("The next page holds older messages."),
});
true satisfies SameType<z.infer<typeof messagePageSchema>, MessagePage>;

export const unreadCountsSchema = z.object({
  messages: z.number().int(),
  notifications: z
    .number()
    .int()
    .describe("Unread notifications other than those of new messages (counted in `messages`)."),
});
true satisfies SameType<z.infer<typeof unreadCountsSchema>, UnreadCounts>;
