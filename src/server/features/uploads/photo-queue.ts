import { createMiddleware } from "hono/factory";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";

// Photos decoded at once by this process: each may hold ~160 MB (see
// MAX_INPUT_PIXELS in process-photo.ts), so the rest wait their turn.
const MAX_CONCURRENT = 2;
/**
 * Uploads this process takes in at once: being received, waiting or being
 * decoded. Each holds its body (up to 10 MB, copied while it is parsed), so
 * without a bound a burst of uploads costs memory without limit; past it, 503.
 */
export const MAX_ADMITTED_UPLOADS = 8;
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

let admitted = 0;
let running = 0;
const waiting: Array<() => void> = [];

/** Before the body is read: a place in the queue, or 503 with Retry-After when it is full. */
export const admitUpload = createMiddleware<AppBindings>(async (c, next) => {
  if (admitted >= MAX_ADMITTED_UPLOADS) {
    c.header("Retry-After", String(UPLOAD_RETRY_AFTER_SECONDS));
    throw new AppError(
      "UNAVAILABLE",
      "Many photos are being processed right now. Try again in a few seconds.",
    );
  }
  admitted += 1;
  try {
    await next();
  } finally {
    admitted -= 1;
  }
});

/** Runs `task` when one of the MAX_CONCURRENT decoding slots is free. */
export async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT) running += 1;
  // A finishing task hands its slot straight to the next in line.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
