import { randomUUID } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import type { Message } from "#src/shared/schemas/conversations";
import type { User } from "#src/shared/schemas/users";
import {
  type ConversationsTable,
  withConversationTables,
} from "../../conversations/conversation-tables";
import { compiledOnce } from "../../db/compiled-once";
import type { AppDb, Dialect } from "../../db/database";
import type { Tables } from "../../db/tables";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { UserPreferencesTable } from "../../notifications/notification-tables";
import { notify, notifyReadRecipient } from "../../notifications/notify";
import { conversationLink, conversationNotFound, toMessage } from "./conversations.queries";

/** While the other side hasn't read, at most one mail per conversation in this time (PRODUCT.md §8). */
export const MESSAGE_MAIL_INTERVAL_MS = 15 * 60 * 1000;

export interface SendOptions {
  publicUrl: string;
  /** On PostgreSQL a message's notice and mail are one statement. */
  dialect: Dialect;
  now?: Date;
}

/**
 * The buyer's message to a bike's seller: in the conversation this buyer
 * already has about the bike, or in a new one. One transaction, so two
 * first messages sent at once still make one conversation (the unique index
 * decides, the loser joins the winner's).
 */
export async function startConversation(
  db: AppDb,
  buyer: User,
  input: { bikeId: string; text: string },
  given: SendOptions,
): Promise<{ conversationId: string; created: boolean; message: Message }> {
  const options = atOneMoment(given);
  return inTransaction(db, async (trx) => {
    const [bike] = (await shownBike(trx, { bikeId: input.bikeId })).rows;
    if (!bike) throw new AppError("NOT_FOUND", "There is no such bike.");
    if (bike.sellerId === buyer.id) {
      throw new AppError("FORBIDDEN", "This is your own bike: there is no seller to message.");
    }
    const now = options.now.toISOString();
    const [inserted] = (
      await insertConversation(trx, {
        id: randomUUID(),
        bikeId: bike.id,
        buyerId: buyer.id,
        sellerId: bike.sellerId,
        at: now,
      })
    ).rows;
    // A new conversation is locked by this transaction, which wrote it: its message goes
    // straight in. An existing one is locked first.
    const conversation =
      inserted ??
      (await lockAsParticipant(
        trx,
        buyer,
        { bikeId: bike.id, buyerId: buyer.id },
        options.dialect,
      ));
    const message = await addMessage(trx, buyer, conversation, input.text, {
      ...options,
      mailedWithRow: inserted !== undefined,
    });
    return { conversationId: conversation.id, created: inserted !== undefined, message };
  });
}

/** A participant's message in a conversation; 404 for anyone else. */
export async function sendMessage(
  db: AppDb,
  sender: User,
  conversationId: string,
  text: string,
  given: SendOptions,
): Promise<Message> {
  const options = atOneMoment(given);
  return inTransaction(db, async (trx) =>
    addMessage(
      trx,
      sender,
      await lockAsParticipant(trx, sender, { id: conversationId }, options.dialect),
      text,
      {
        ...options,
        mailedWithRow: false,
      },
    ),
  );
}

type Conversation = Selectable<ConversationsTable>;

/** One moment for the whole message: the conversation's last activity is its message's time. */
type AtOneMoment = SendOptions & { now: Date };

function atOneMoment(options: SendOptions): AtOneMoment {
  return { ...options, now: options.now ?? new Date() };
}

// A message's statements, each built by Kysely once (db/compiled-once.ts): every
// message runs them.

/**
 * A conversation (by its id, or the buyer's about a bike) that `senderId`
 * takes part in, locked on PostgreSQL until the transaction ends (SQLite's
 * transactions hold the database's write lock from `begin`); no row for
 * anyone else. Locking writes no row version: the message's insert moves the
 * conversation to the top itself (migration 034).
 */
const lockConversation = compiledOnce(
  "lockConversation",
  (
    db,
    values: ({ id: string } | { bikeId: string; buyerId: string }) & {
      senderId: string;
      /** PostgreSQL's row lock; SQLite has none (and no `for … update`). */
      lock: boolean;
    },
  ) =>
    withConversationTables(db)
      .selectFrom("conversations")
      .selectAll()
      .where((eb) =>
        eb.and([
          "id" in values
            ? eb("id", "=", values.id)
            : eb.and([eb("bikeId", "=", values.bikeId), eb("buyerId", "=", values.buyerId)]),
          eb.or([eb("buyerId", "=", values.senderId), eb("sellerId", "=", values.senderId)]),
        ]),
      )
      // The lock the update this replaced took (no key changes): another message's
      // foreign-key check doesn't wait for it; its trigger's update of the row does.
      .$if(values.lock, (query) => query.forNoKeyUpdate()),
);

/** The bike a buyer starts a conversation about, and its seller. */
const shownBike = compiledOnce("shownBike", (db, values: { bikeId: string }) =>
  db
    .selectFrom("bikes")
    .select(["id", "sellerId"])
    .where("id", "=", values.bikeId)
    // A hidden listing is gone for buyers (PRODUCT.md §8): nobody starts a deal over it.
    .where("hidden", "=", 0),
);

/** A buyer's new conversation about a bike; no row if they already have one (the unique index). */
const insertConversation = compiledOnce(
  "insertConversation",
  (db, values: { id: string; bikeId: string; buyerId: string; sellerId: string; at: string }) =>
    withConversationTables(db)
      .insertInto("conversations")
      .values({
        id: values.id,
        bikeId: values.bikeId,
        buyerId: values.buyerId,
        sellerId: values.sellerId,
        createdAt: values.at,
        lastMessageAt: values.at,
        buyerReadId: 0,
        sellerReadId: 0,
        buyerMailedAt: null,
        // A conversation's first message always mails the seller (addMessage's rule: nothing
        // earlier is unread), so the row is written mailed instead of updated once more.
        sellerMailedAt: values.at,
      })
      .onConflict((conflict) => conflict.columns(["bikeId", "buyerId"]).doNothing())
      .returningAll(),
);

/** The message, and whom to tell about it. */
const insertMessage = compiledOnce(
  "insertMessage",
  (
    db,
    values: {
      conversationId: string;
      senderId: string;
      text: string;
      sentAt: string;
      recipientId: string;
    },
  ) =>
    withConversationTables(db)
      .withTables<{ userPreferences: UserPreferencesTable }>()
      .insertInto("messages")
      .values({
        conversationId: values.conversationId,
        senderId: values.senderId,
        text: values.text,
        sentAt: values.sentAt,
      })
      .returning((eb) => [
        "id",
        "conversationId",
        "senderId",
        "text",
        "sentAt",
        // Whom the notice and its mail go to (notifyReadRecipient), read in the same round trip.
        eb
          .selectFrom("users")
          .select("users.email")
          .where("users.id", "=", values.recipientId)
          .as("recipientEmail"),
        eb
          .selectFrom("users")
          .select("users.name")
          .where("users.id", "=", values.recipientId)
          .as("recipientName"),
        eb
          .selectFrom("userPreferences")
          .select("userPreferences.emailNotifications")
          .where("userPreferences.userId", "=", values.recipientId)
          .as("recipientEmailNotifications"),
      ]),
);

/** When the recipient's side was last mailed about this conversation. */
const markMailed = compiledOnce(
  "markMailed",
  (db, values: { conversationId: string; toBuyer: boolean; at: string }) =>
    withConversationTables(db)
      .updateTable("conversations")
      .set(values.toBuyer ? { buyerMailedAt: values.at } : { sellerMailedAt: values.at })
      .where("id", "=", values.conversationId),
);

/**
 * The conversation (by its id, or the buyer's about a bike) if `sender` takes
 * part in it, locked so that two messages to one conversation decide its
 * mail one at a time; anyone else finds no row (404).
 */
async function lockAsParticipant(
  trx: Transaction<Tables>,
  sender: User,
  which: { id: string } | { bikeId: string; buyerId: string },
  dialect: Dialect,
): Promise<Conversation> {
  const [conversation] = (
    await lockConversation(trx, {
      ...which,
      senderId: sender.id,
      lock: dialect === "postgres",
    })
  ).rows;
  if (!conversation) throw conversationNotFound();
  return conversation;
}

/**
 * Stores the message in a conversation this transaction has locked (or
 * created) and tells the other side: a notification always, a mail unless
 * one went in the last 15 minutes and they haven't read since. The insert's
 * trigger moves the conversation to the top and counts the message unread.
 */
async function addMessage(
  trx: Transaction<Tables>,
  sender: User,
  conversation: Conversation,
  text: string,
  options: AtOneMoment & {
    /** The conversation was created by this message, already marked mailed. */
    mailedWithRow: boolean;
  },
): Promise<Message> {
  const { now } = options;
  const conversationId = conversation.id;
  const toBuyer = conversation.sellerId === sender.id;
  const recipientId = toBuyer ? conversation.buyerId : conversation.sellerId;
  // Whether the recipient already had a message they haven't read: their unread count,
  // kept by triggers under the conversation's lock (migration 027), which this transaction
  // holds, so no other message can come in between.
  const unreadBefore = toBuyer ? conversation.buyerUnread : conversation.sellerUnread;
  const mailedAt = toBuyer ? conversation.buyerMailedAt : conversation.sellerMailedAt;
  const inserted = (
    await insertMessage(trx, {
      conversationId,
      senderId: sender.id,
      text,
      sentAt: now.toISOString(),
      recipientId,
    })
  ).rows[0];
  if (!inserted) throw new Error("the message's insert returned no row");
  const { recipientEmail, recipientName, recipientEmailNotifications, ...row } = inserted;
  const mailedRecently =
    mailedAt !== null && now.getTime() - new Date(mailedAt).getTime() < MESSAGE_MAIL_INTERVAL_MS;
  const email = !(unreadBefore > 0 && mailedRecently);
  if (email && !options.mailedWithRow) {
    await markMailed(trx, { conversationId, toBuyer, at: now.toISOString() });
  }
  const notice = {
    userId: recipientId,
    kind: "message" as const,
    title: `New message from ${sender.name}`,
    body: text.length > 300 ? `${text.slice(0, 300)}…` : text,
    link: conversationLink(conversationId),
    email,
  };
  const notifyOptions = { publicUrl: options.publicUrl, now };
  if (options.dialect === "postgres" && recipientEmail && recipientName) {
    // The notice and its mail in one statement: one round trip fewer than notify() takes.
    await notifyReadRecipient(
      trx,
      notice,
      {
        email: recipientEmail,
        name: recipientName,
        emailNotifications: recipientEmailNotifications,
      },
      notifyOptions,
    );
  } else {
    await notify(trx, notice, notifyOptions);
  }
  return toMessage(row);
}
