import type { Notification } from "#src/shared/schemas/notifications";
import { type LiveEventKind, withConversationTables } from "../conversations/conversation-tables";
import { countUnread } from "../conversations/unread";
import { type AppDb, toIso } from "../db/database";
import type { Database } from "../env";
import type { Logger } from "../logger";
import { NOTIFICATION_COLUMNS, toNotification } from "../notifications/notification-tables";
import { type WakeSource, wakeSourceFor } from "./live-source";

/** One Server-Sent Event: `id` is the events table's id, for Last-Event-ID. */
export interface LiveFrame {
  id: number;
  event: "message" | "notification" | "unread";
  data: unknown;
}

export interface LiveSubscription {
  close(): void;
}

export interface LiveEvents {
  /**
   * Sends `userId`'s live events to `send`, in order, each once: first what
   * came after `lastEventId` (a reconnecting tab), then what comes next. A
   * fresh connection (no `lastEventId`) starts with the unread counts.
   * `end` is called when the hub closes (the process is stopping).
   */
  subscribe(
    userId: string,
    lastEventId: number | null,
    send: (frame: LiveFrame) => Promise<void>,
    end: () => void,
  ): Promise<LiveSubscription>;
  /** Ends every subscription and stops listening. */
  close(): Promise<void>;
}

/** How long events are kept for a tab that reconnects (and asks for what it missed). */
export const LIVE_EVENTS_KEPT_MS = 60 * 60 * 1000;
const BATCH = 500;

interface EventRow {
  id: number;
  userId: string;
  kind: LiveEventKind;
  subjectId: string | null;
}

class Subscriber {
  queue: Promise<void> = Promise.resolve();
  buffer: EventRow[] | null = [];
  closed = false;
  constructor(
    readonly userId: string,
    public lastSentId: number,
    readonly send: (frame: LiveFrame) => Promise<void>,
    readonly end: () => void,
  ) {}
}

/**
 * Every process keeps one hub: its open event streams by user, the id of the
 * last live event it has handed out, and one wake-up source (LISTEN on
 * PostgreSQL, a cheap poll on SQLite), held only while a stream is open.
 * Woken, it reads the events after its last id once for all its streams.
 */
export function createLiveEvents(
  db: AppDb,
  config: Database,
  logger: Logger,
  options: { idleStopMs?: number } = {},
): LiveEvents {
  const tables = withConversationTables(db);
  const byUser = new Map<string, Set<Subscriber>>();
  let cursor = 0;
  let source: WakeSource | null = null;
  let starting: Promise<void> | null = null;
  let reading: Promise<void> | null = null;
  let again = false;
  let idleTimer: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  const count = () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0);

  async function latestId(): Promise<number> {
    const row = await tables
      .selectFrom("liveEvents")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  async function start() {
    if (idleTimer) {
      clearTimeout(idleTimer);
      idleTimer = null;
    }
    if (source) return;
    starting ??= (async () => {
      cursor = await latestId();
      source = wakeSourceFor(config, db, wake, logger);
    })().finally(() => {
      starting = null;
    });
    await starting;
  }

  function wake() {
    if (reading) {
      again = true;
      return;
    }
    reading = readNew()
      .catch((error: unknown) => logger.warn({ err: error }, "live events: reading failed"))
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  async function readNew() {
    for (;;) {
      const rows = await tables
        .selectFrom("liveEvents")
        .select(["id", "userId", "kind", "subjectId"])
        .where("id", ">", cursor)
        .orderBy("id")
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      cursor = Number(rows.at(-1)?.id ?? cursor);
      const mine = new Map<string, EventRow[]>();
      for (const row of rows) {
        if (!byUser.has(row.userId)) continue;
        const list = mine.get(row.userId) ?? [];
        list.push({ ...row, id: Number(row.id) });
        mine.set(row.userId, list);
      }
      for (const [userId, events] of mine) {
        for (const subscriber of byUser.get(userId) ?? []) {
          if (subscriber.buffer) subscriber.buffer.push(...events);
          else enqueue(subscriber, events);
        }
      }
      if (rows.length < BATCH) break;
    }
    await prune();
  }

  /** Forgets events older than LIVE_EVENTS_KEPT_MS, at most once a minute per process. */
  async function prune() {
    const now = Date.now();
    if (now - lastPrune < 60_000) return;
    lastPrune = now;
    await tables
      .deleteFrom("liveEvents")
      .where("createdAt", "<", new Date(now - LIVE_EVENTS_KEPT_MS).toISOString())
      .execute();
  }

  function enqueue(subscriber: Subscriber, events: EventRow[]) {
    subscriber.queue = subscriber.queue
      .then(() => deliver(subscriber, events))
      .catch((error: unknown) => {
        logger.debug({ err: error }, "live events: a stream stopped taking events");
      });
  }

  /** The events' frames, then the unread counts as they are now under the last one's id. */
  async function deliver(subscriber: Subscriber, events: EventRow[]) {
    const fresh = events.filter((event) => event.id > subscriber.lastSentId);
    if (fresh.length === 0 || subscriber.closed) return;
    const frames = await framesOf(fresh);
    for (const frame of frames) {
      if (subscriber.closed) return;
      await subscriber.send(frame);
    }
    const lastId = fresh.at(-1)?.id ?? subscriber.lastSentId;
    subscriber.lastSentId = lastId;
    if (subscriber.closed) return;
    await subscriber.send({
      id: lastId,
      event: "unread",
      data: await countUnread(db, subscriber.userId),
    });
  }

  async function framesOf(events: EventRow[]): Promise<LiveFrame[]> {
    const messageIds = events
      .filter((event) => event.kind === "message" && event.subjectId)
      .map((event) => Number(event.subjectId));
    const notificationIds = events
      .filter((event) => event.kind === "notification" && event.subjectId)
      .map((event) => String(event.subjectId));
    const messages = new Map(
      (messageIds.length
        ? await tables
            .selectFrom("messages")
            .select(["id", "conversationId", "senderId", "text", "sentAt"])
            .where("id", "in", messageIds)
            .execute()
        : []
      ).map((row) => [
        String(row.id),
        {
          id: String(row.id),
          conversationId: row.conversationId,
          senderId: row.senderId,
          text: row.text,
          sentAt: toIso(row.sentAt),
        },
      ]),
    );
    const notifications = new Map(
      (notificationIds.length
        ? await tables
            .selectFrom("notifications")
            .select(NOTIFICATION_COLUMNS)
            .where("id", "in", notificationIds)
            .execute()
        : []
      ).map((row): [string, Notification] => [row.id, toNotification(row)]),
    );
    const frames: LiveFrame[] = [];
    for (const event of events) {
      const subject = event.subjectId ?? "";
      // A message or notification deleted since (its account went) is skipped.
      if (event.kind === "message" && messages.has(subject)) {
        frames.push({ id: event.id, event: "message", data: messages.get(subject) });
      } else if (event.kind === "notification" && notifications.has(subject)) {
        frames.push({ id: event.id, event: "notification", data: notifications.get(subject) });
      }
    }
    return frames;
  }

  function remove(subscriber: Subscriber) {
    subscriber.closed = true;
    const set = byUser.get(subscriber.userId);
    set?.delete(subscriber);
    if (set?.size === 0) byUser.delete(subscriber.userId);
    if (count() === 0 && source && !idleTimer) {
      // The last stream closed: let go of the LISTEN connection (or the poll) after a while.
      idleTimer = setTimeout(() => {
        idleTimer = null;
        if (count() > 0) return;
        const stopping = source;
        source = null;
        void stopping?.stop();
      }, options.idleStopMs ?? 10_000);
      idleTimer.unref();
    }
  }

  return {
    async subscribe(userId, lastEventId, send, end) {
      await start();
      // Registered and the starting point read in one step: everything after
      // `cursor` reaches the buffer, everything up to it the catch-up below.
      const upTo = cursor;
      const subscriber = new Subscriber(userId, lastEventId ?? upTo, send, end);
      const set = byUser.get(userId) ?? new Set();
      set.add(subscriber);
      byUser.set(userId, set);
      subscriber.queue = (async () => {
        if (lastEventId === null) {
          // A new tab starts from what the database holds now, even if this
          // process hasn't read it yet: an event from before it connected is not news to it.
          subscriber.lastSentId = Math.max(upTo, await latestId());
        } else if (lastEventId < upTo) {
          const missed = await tables
            .selectFrom("liveEvents")
            .select(["id", "userId", "kind", "subjectId"])
            .where("userId", "=", userId)
            .where("id", ">", lastEventId)
            .where("id", "<=", upTo)
            .orderBy("id")
            .execute();
          await deliver(
            subscriber,
            missed.map((row) => ({ ...row, id: Number(row.id) })),
          );
        }
        if (
          subscriber.lastSentId === (lastEventId ?? subscriber.lastSentId) &&
          !subscriber.closed
        ) {
          // Nothing was caught up: the counts as they are, under the id the tab already has.
          await send({
            id: subscriber.lastSentId,
            event: "unread",
            data: await countUnread(db, userId),
          });
        }
        const buffered = subscriber.buffer ?? [];
        subscriber.buffer = null;
        if (buffered.length) await deliver(subscriber, buffered);
      })().catch((error: unknown) => {
        logger.debug({ err: error }, "live events: a stream stopped taking events");
      });
      // A write committed just before this subscription may not have woken anyone yet.
      wake();
      return { close: () => remove(subscriber) };
    },
    async close() {
      for (const set of byUser.values()) {
        for (const subscriber of set) {
          subscriber.closed = true;
          subscriber.end();
        }
      }
      byUser.clear();
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      const stopping = source;
      source = null;
      await stopping?.stop();
    },
  };
}
