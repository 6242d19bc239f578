/** One Server-Sent Event as a browser's EventSource would see it. */
export interface ServerEvent {
  event: string;
  data: string;
  id: string | undefined;
}

export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** The next event named `event` (others before it are kept in `seen`), or fails after `timeoutMs`. */
  next(event: string, timeoutMs?: number): Promise<ServerEvent>;
  /** Every event read so far, in order. */
  seen: ServerEvent[];
  /** Comment lines (heartbeats) read so far. */
  comments: string[];
  close(): void;
}

/**
 * Reads a text/event-stream response as EventSource does (the parts the app
 * uses: event, data, id, comments), from any fetch-like answer.
 */
export function readEventStream(response: Response, abort?: AbortController): EventStreamReader {
  const seen: ServerEvent[] = [];
  const comments: string[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  let ended = false;
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: ServerEvent = { event: "message", data: "", id: undefined };
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("event:")) event.event = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
            else if (line.startsWith("id:")) event.id = line.slice(3).trim();
          }
          if (data.length) {
            event.data = data.join("\n");
            seen.push(event);
          }
          end = buffer.indexOf("\n\n");
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Closed by the test.
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    seen,
    comments,
    async next(name, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = seen.findIndex((event, i) => i >= taken && event.event === name);
        if (index >= 0) {
          taken = index + 1;
          return seen[index] as ServerEvent;
        }
        if (ended) throw new Error(`the stream ended before a "${name}" event`);
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(`no "${name}" event in ${timeoutMs} ms; saw ${JSON.stringify(seen)}`);
        }
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close() {
      abort?.abort();
      void reader?.cancel().catch(() => undefined);
    },
  };
}
