import type { Message, UnreadCounts } from "../../shared/schemas/conversations";
import type { Notification } from "../../shared/schemas/notifications";
import { queryClient } from "./query-client";
import { queryKeys } from "./query-keys";
import { isSigningOut, subscribeSigningOut } from "./session";

/** What GET /api/me/events sends (docs/api.md). */
export type LiveEvent =
  | { type: "message"; data: Message }
  | { type: "notification"; data: Notification }
  | { type: "unread"; data: UnreadCounts };

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let lastEventId = "";
let retry: ReturnType<typeof setTimeout> | null = null;
let pause = 1_000;

/**
 * The one connection to GET /api/me/events for every part of the page (the
 * navbar badge, a conversation, the notifications page): opened with the
 * first listener, closed with the last. The browser's EventSource
 * reconnects by itself after a network drop and sends the last id it saw;
 * when the server refused (a restart, a 503) it gives up, so this opens it
 * again with growing pauses, saying the last id so nothing is missed.
 * Every `unread` event also lands in the query cache under
 * `queryKeys.unread`.
 */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  if (!source && !retry) connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

function connect() {
  retry = null;
  const url = lastEventId
    ? `/api/me/events?lastEventId=${encodeURIComponent(lastEventId)}`
    : "/api/me/events";
  const next = new EventSource(url);
  source = next;
  const handle = (type: LiveEvent["type"]) => (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    pause = 1_000;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    const live = { type, data } as LiveEvent;
    if (live.type === "unread") queryClient.setQueryData(queryKeys.unread, live.data);
    for (const listener of listeners) listener(live);
  };
  next.addEventListener("message", handle("message"));
  next.addEventListener("notification", handle("notification"));
  next.addEventListener("unread", handle("unread"));
  next.addEventListener("error", () => {
    if (next.readyState !== EventSource.CLOSED || source !== next) return;
    source = null;
    if (listeners.size === 0) return;
    retry = setTimeout(connect, pause);
    pause = Math.min(pause * 2, 30_000);
  });
}

function disconnect() {
  source?.close();
  source = null;
  if (retry) clearTimeout(retry);
  retry = null;
}

/** On sign-out: the next user's stream starts afresh. */
export function resetLive() {
  disconnect();
  lastEventId = "";
}

// A sign-out closes the stream before the server ends the session, so it
// never reconnects with a session that is gone (session.ts).
subscribeSigningOut(() => {
  if (isSigningOut()) resetLive();
});
