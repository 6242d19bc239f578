import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";
import { signedInUser } from "../../middleware/session";

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** How soon a browser reconnects after the stream drops. */
const RETRY_MS = 2_000;

/**
 * GET /api/me/events: the caller's live events as Server-Sent Events
 * (docs/decisions/0016-live-events.md). A reconnecting browser sends the
 * last id it saw as `Last-Event-ID` (or `?lastEventId=`) and gets what it
 * missed first. Never cached or compressed: each event is written as it
 * happens.
 */
export async function liveEventStream(c: Context<AppBindings>) {
  const user = signedInUser(c);
  const lastEventId = parseLastEventId(c.req.header("last-event-id") ?? c.req.query("lastEventId"));
  const { live } = c.get("deps");
  const response = streamSSE(c, async (stream) => {
    let ended = false;
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      finish = () => {
        ended = true;
        resolve();
      };
    });
    stream.onAbort(finish);
    await stream.writeSSE({ event: "open", data: "{}", retry: RETRY_MS });
    const subscription = await live.subscribe(
      user.id,
      lastEventId,
      async (frame) => {
        if (ended) return;
        await stream.writeSSE({
          id: String(frame.id),
          event: frame.event,
          data: JSON.stringify(frame.data),
        });
      },
      finish,
    );
    const heartbeat = setInterval(() => {
      if (!ended) void stream.write(": keep-alive\n\n").catch(finish);
    }, HEARTBEAT_MS);
    await done;
    clearInterval(heartbeat);
    subscription.close();
  });
  response.headers.set("Cache-Control", "no-store");
  // nginx and similar proxies pass each event on at once instead of filling a buffer.
  response.headers.set("X-Accel-Buffering", "no");
  return response;
}

function parseLastEventId(raw: string | undefined): number | null {
  if (raw === undefined || raw === "") return null;
  if (!/^\d{1,15}$/.test(raw)) {
    throw new AppError("VALIDATION_FAILED", "Last-Event-ID must be an event id.", {
      lastEventId: "Must be a whole number",
    });
  }
  return Number(raw);
}
