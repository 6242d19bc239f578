import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Deps } from "../context";
import { preferredEncoding } from "../lib/content-encoding";
import { logRequest, requestIdOf } from "../middleware/request-log";
import { encodedResponse, matchesEtag, responseKey } from "./response-cache";

/**
 * In front of the app (main.ts): a GET whose response the app has already
 * produced for the same caller, the same request target and the same data
 * version (middleware/cached-read.ts) is sent from here, from the cached
 * bytes and the headers the app sent with them, without building a fetch
 * Request, running the middleware chain and converting a Response back.
 * Everything that could make this request's response differ is checked as
 * the app would: the data version (read now, after the request arrived), the
 * session (as cached by the app for this cookie at that version, else the app
 * decides), and the caller and target (the key, made as the app makes it).
 * The request id and log line come from the app's own functions
 * (middleware/request-log.ts). Anything else goes to the app.
 */
export function withReplayedResponses(deps: Deps, app: RequestListener): RequestListener {
  const replay = async (request: IncomingMessage, response: ServerResponse, target: string) => {
    const started = performance.now();
    const version = await deps.dataVersion.read();
    const caller = deps.sessions.peek(request.headers.cookie, version);
    if (caller === undefined) return false;
    const cached = deps.responses.replayable(responseKey(caller?.user.id ?? null, target), version);
    if (!cached?.headers) return false;
    const requestId = requestIdOf(request.headers["x-request-id"]);
    const sent = encodedResponse(cached, preferredEncoding(request.headers["accept-encoding"]));
    if (matchesEtag(request.headers["if-none-match"], cached.etag)) {
      response.writeHead(304, [...cached.headers, "etag", sent.etag, "x-request-id", requestId]);
      response.end();
    } else {
      response.writeHead(200, [
        ...cached.headers,
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
    logRequest(
      deps,
      requestId,
      "GET",
      cached.path,
      cached.route ?? "",
      response.statusCode,
      started,
    );
    return true;
  };

  return (request, response) => {
    const target = request.url ?? "";
    // Only API reads are cached; pages and files go straight to the app.
    if (request.method !== "GET" || !target.startsWith("/api/")) return app(request, response);
    replay(request, response, target).then(
      (replayed) => {
        if (!replayed) app(request, response);
      },
      () => {
        if (!response.headersSent) app(request, response);
      },
    );
  };
}
