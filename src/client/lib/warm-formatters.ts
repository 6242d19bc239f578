/**
 * A page's first number or date formatter makes the browser load its locale
 * data: 20–60 ms in one task on this project's test machine, four times that
 * on a phone, on whichever thread asks first. The browser loads that data once
 * per process, so a worker that asks first takes the cost off the main thread,
 * and the page's own formatters are then built in a fraction of a millisecond.
 * A hydrating page starts the worker at once (main.tsx); its prices and times
 * are drawn in the browser's words only after it has answered
 * (goLiveWhenIdle). Decision 22.
 */

/** A worker that can't start, or is slow, doesn't hold the page back longer than this. */
const WAIT_AT_MOST_MS = 1500;

let warmed: Promise<void> | undefined;

/** Starts the warm-up once; resolves when it is done, failed, or took too long. */
export function warmFormatters(): Promise<void> {
  warmed ??= new Promise<void>((resolve) => {
    if (typeof Worker !== "function") {
      resolve();
      return;
    }
    let worker: Worker;
    try {
      worker = new Worker(new URL("./formatter-warm-up.worker.ts", import.meta.url), {
        type: "module",
        name: "formatter warm-up",
      });
    } catch {
      resolve();
      return;
    }
    const finish = () => {
      clearTimeout(timer);
      worker.terminate();
      resolve();
    };
    const timer = setTimeout(finish, WAIT_AT_MOST_MS);
    worker.onmessage = finish;
    worker.onerror = finish;
  });
  return warmed;
}
