import { randomUUID } from "node:crypto";
import { type Insertable, sql } from "kysely";
import {
  type ConversationsTable,
  type MessagesTable,
  withConversationTables,
} from "#src/server/conversations/conversation-tables";
import type { AppDb, Dialect } from "#src/server/db/database";
import type { NewBike } from "#src/server/db/tables";
import { loadTransaction } from "./load-transaction";
import { BUYER_LINES, randomSource, SELLER_LINES } from "./vocabulary";

/**
 * Buyers' conversations with sellers, for the inbox and the unread badge
 * (decision 24) to be read at scale: one conversation for every tenth bike,
 * and the busiest seller's inbox filled to BUSY_INBOX conversations, as a
 * shop with a few dozen bikes and a following would have. Written through the
 * app's tables with their triggers, so each side's unread count is kept as the
 * app keeps it. Its own random source: the bikes are the same with or
 * without it.
 */

/** The busiest inbox the bench reads (decision 24 measured one of 10,000). */
const BUSY_INBOX = 10_000;
/** Conversations about the busiest seller's bikes the seller hasn't read yet. */
const BUSY_UNREAD_SHARE = 0.3;
const OTHERS_UNREAD_SHARE = 0.1;
const MINUTE_MS = 60_000;
const CHUNK = 1000;

interface BikeSketch {
  id: string;
  sellerId: string;
  postedAt: number;
}

/** What the load needs of the bikes as they go by: every tenth, and each seller's. */
export class TalkedAbout {
  readonly sample: BikeSketch[] = [];
  readonly #bySeller = new Map<string, BikeSketch[]>();
  #seen = 0;

  add(bike: NewBike): void {
    const sketch = {
      id: bike.id,
      sellerId: bike.sellerId,
      postedAt: new Date(String(bike.postedAt)).getTime(),
    };
    if (this.#seen++ % 10 === 0) this.sample.push(sketch);
    const own = this.#bySeller.get(bike.sellerId);
    if (own) own.push(sketch);
    else this.#bySeller.set(bike.sellerId, [sketch]);
  }

  /** The seller with the most bikes (the first such seller met) and those bikes. */
  busiest(): BikeSketch[] {
    let most: BikeSketch[] = [];
    for (const bikes of this.#bySeller.values()) if (bikes.length > most.length) most = bikes;
    return most;
  }
}

interface Planned {
  conversation: Insertable<ConversationsTable>;
  messages: Insertable<MessagesTable>[];
  sellerHasRead: boolean;
}

/** Writes the conversations; returns the busiest seller's id. */
export async function loadConversations(
  db: AppDb,
  dialect: Dialect,
  talkedAbout: TalkedAbout,
  buyers: readonly { id: string }[],
  now: number,
  log: (line: string) => void,
): Promise<string> {
  const random = randomSource(20_251_125 + talkedAbout.sample.length);
  const busiest = talkedAbout.busiest();
  const pairs = new Set<string>();
  const planned: Planned[] = [];
  const plan = (bike: BikeSketch, buyerId: string, unreadShare: number) => {
    const pair = `${bike.id} ${buyerId}`;
    if (bike.sellerId === buyerId || pairs.has(pair)) return;
    pairs.add(pair);
    let at = bike.postedAt + Math.floor(random.next() * (now - bike.postedAt));
    const conversationId = randomUUID();
    const messages: Insertable<MessagesTable>[] = [];
    const lines = random.int(1, 4);
    for (let line = 0; line < lines; line++) {
      const fromBuyer = line % 2 === 0;
      messages.push({
        conversationId,
        senderId: fromBuyer ? buyerId : bike.sellerId,
        text: random.pick(fromBuyer ? BUYER_LINES : SELLER_LINES),
        sentAt: new Date(at).toISOString(),
      });
      at = Math.min(now, at + random.int(1, 600) * MINUTE_MS);
    }
    planned.push({
      conversation: {
        id: conversationId,
        bikeId: bike.id,
        buyerId,
        sellerId: bike.sellerId,
        createdAt: messages[0]?.sentAt ?? new Date(at).toISOString(),
        lastMessageAt: messages.at(-1)?.sentAt ?? new Date(at).toISOString(),
        buyerReadId: 0,
        sellerReadId: 0,
        buyerMailedAt: null,
        sellerMailedAt: null,
      },
      messages,
      // The buyer wrote last or read the seller's answer; the seller may not have looked yet.
      sellerHasRead: random.next() >= unreadShare,
    });
  };
  for (const buyer of buyers) {
    for (const bike of busiest)
      if (planned.length < BUSY_INBOX) plan(bike, buyer.id, BUSY_UNREAD_SHARE);
  }
  for (const bike of talkedAbout.sample) plan(bike, random.pick(buyers).id, OTHERS_UNREAD_SHARE);

  const tables = withConversationTables(db);
  const started = Date.now();
  for (let from = 0; from < planned.length; from += CHUNK) {
    const chunk = planned.slice(from, from + CHUNK);
    await loadTransaction(db, dialect, async (appTrx) => {
      const trx = withConversationTables(appTrx);
      await trx
        .insertInto("conversations")
        .values(chunk.map((one) => one.conversation))
        .execute();
      const messages = chunk.flatMap((one) => one.messages);
      for (let at = 0; at < messages.length; at += CHUNK) {
        await trx
          .insertInto("messages")
          .values(messages.slice(at, at + CHUNK))
          .execute();
      }
      // Read markers as the app moves them (the unread triggers count again): the buyer
      // has read everything, the seller everything unless this one is still waiting.
      const newest = sql<number>`(select max(m.id) from messages m
        where m."conversationId" = conversations.id)`;
      await trx
        .updateTable("conversations")
        .set({ buyerReadId: newest })
        .where(
          "id",
          "in",
          chunk.map((one) => one.conversation.id),
        )
        .execute();
      const read = chunk.filter((one) => one.sellerHasRead).map((one) => one.conversation.id);
      if (read.length > 0) {
        await trx
          .updateTable("conversations")
          .set({ sellerReadId: newest })
          .where("id", "in", read)
          .execute();
      }
    });
  }
  // Each message and read marker wrote a live event for the tabs open at that moment; a
  // real database keeps them minutes (src/server/live), and no tab saw this load.
  await tables.deleteFrom("liveEvents").execute();
  const messages = planned.reduce((sum, one) => sum + one.messages.length, 0);
  log(
    `  ${planned.length.toLocaleString("en")} conversations, ${messages.toLocaleString("en")} messages in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return busiest[0]?.sellerId ?? "";
}
