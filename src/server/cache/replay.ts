import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Deps } from "../context";
import { preferredEncoding } from "../lib/content-encoding";
import { nodeRequestOf } from "../lib/node-request";
import { logRequest, requestIdOf } from "../middleware/request-log";
import { encodedResponse, matchesEtag, responseKey } from "./response-cache";
import type { CachedSession } from "./session-cache";

const sessionsChecked = new WeakMap<IncomingMessage, CachedSession>();

/**
 * The cached session whose version replay read unchanged after this request
 * arrived, before handing the request to the app because its response had
 * to be read afresh (a write to what it shows): the app's session check
 * then needs no read of its own, a round trip on PostgreSQL for every
 * answer read afresh (middleware/session.ts). `env` is Hono's bindings of
 * the request (`incoming`, from @hono/node-server); in-process there is
 * none.
 */
export function sessionCheckedOnArrival(env: unknown): CachedSession | undefined {
  const incoming = nodeRequestOf(env);
  return incoming ? sessionsChecked.get(incoming) : undefined;
}

/**
 * In front of the app (main.ts): a GET whose response the app has already
 * produced for the same caller and the same request target, and whose data
 * is unchanged since (middleware/cached-read.ts), is sent from here, from the cached
 * bytes and the headers the app sent with them, without building a fetch
 * Request, running the middleware chain and converting a Response back.
 * Everything that could make this request's response differ is checked as
 * the app would: the versions the response and the session were read at
 * (read again now, after the request arrived, in one read), the session (as
 * cached by the app for this cookie, else the app decides), and the caller
 * and target (the key, made as the app makes it).
 * The request id and log line come from the app's own functions
 * (middleware/request-log.ts). Anything else goes to the app.
 */
export function withReplayedResponses(deps: Deps, app: RequestListener): RequestListener {
  const replay = async (request: IncomingMessage, response: ServerResponse, target: string) => {
    const started = performance.now();
    const session = deps.sessions.peek(request.headers.cookie);
    if (session === undefined) return false;
    const cached = deps.responses.replayable(responseKey(session?.caller.user.id ?? null, target));
    if (!cached?.headers) return false;
    // Read now, after the request arrived: the session's and the response's versions, in one read.
    const scopes = session ? [session.scope, cached.scope] : [cached.scope];
    const now = await deps.dataVersion.readMany(scopes);
    if (session && now[0] !== session.version) return false;
    if (now[scopes.length - 1] !== cached.version) {
      // The session holds: the app takes it as checked rather than read its version again.
      if (session) sessionsChecked.set(request, session);
      return false;
    }
    deps.responses.hit();
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
