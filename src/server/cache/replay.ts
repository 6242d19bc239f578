import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Deps } from "../context";
import { preferredEncoding } from "../lib/content-encoding";
import { REQUEST_ID } from "../middleware/request-log";
import { answerKey, encodedAnswer, matchesEtag } from "./answer-cache";

// A request target the HTTP adapter passes to the app unchanged (its own
// test, @hono/node-server): then the raw target is the app's cache key.
const PLAIN_TARGET = /^\/api\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
// Others (percent-escapes such as a search's %20) the adapter passes through
// the URL parser, as done here; fragments, spaces and backslashes go to the app.
const PARSABLE_TARGET = /^\/api\/[^#\s\\]*$/;

/** The path and query the app will see for this request target, or null to let the app decide. */
function appPathOf(target: string): string | null {
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)) return target;
  if (!PARSABLE_TARGET.test(target)) return null;
  const parsed = new URL(target, "http://localhost");
  return parsed.pathname + parsed.search;
}

/**
 * In front of the app (main.ts): a GET whose answer the app has already
 * produced for the same caller, the same URL and the same data version
 * (middleware/cached-read.ts) is answered here, from the stored bytes and
 * the headers the app sent with them, without building a fetch Request,
 * running the middleware chain and converting a Response back. Everything
 * that could make this request's answer differ is checked as the app would:
 * the data version (read now, after the request arrived), the session (as
 * cached by the app for this cookie at that version, else the app decides),
 * and the caller and URL (the key). The request gets its own X-Request-Id
 * and log line. Anything else goes to the app.
 */
export function withReplayedAnswers(deps: Deps, app: RequestListener): RequestListener {
  const replay = async (request: IncomingMessage, response: ServerResponse, url: string) => {
    const started = performance.now();
    const version = await deps.dataVersion.read();
    const caller = deps.sessions.peek(request.headers.cookie, version);
    if (caller === undefined) return false;
    const answer = deps.answers.get(answerKey(caller?.user.id ?? null, url), version);
    if (!answer?.headers) return false;
    const incoming = request.headers["x-request-id"];
    const requestId =
      typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const sent = encodedAnswer(answer, preferredEncoding(request.headers["accept-encoding"]));
    if (matchesEtag(request.headers["if-none-match"], answer.etag)) {
      response.writeHead(304, [...answer.headers, "etag", sent.etag, "x-request-id", requestId]);
      response.end();
    } else {
      response.writeHead(200, [
        ...answer.headers,
        "etag",
        sent.etag,
        ...(sent.encoding ? ["content-encoding", sent.encoding] : []),
        "content-length",
        String(sent.bytes.length),
        "x-request-id",
        requestId,
      ]);
      response.end(sent.bytes);
    }
    if (deps.logger.isLevelEnabled("info")) {
      deps.logger.info({
        requestId,
        method: "GET",
        path: url.split("?")[0],
        status: response.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    }
    return true;
  };

  return (request, response) => {
    const url = request.method === "GET" ? appPathOf(request.url ?? "") : null;
    if (url === null) return app(request, response);
    replay(request, response, url).then(
      (replayed) => {
        if (!replayed) app(request, response);
      },
      () => {
        if (!response.headersSent) app(request, response);
      },
    );
  };
}
