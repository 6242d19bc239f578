import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { replayableHeaders } from "./cache/response-cache";
import type { AppBindings, Deps } from "./context";
import { databaseFaultError, RETRY_AFTER_SECONDS } from "./db/fault-answer";
import { AppError } from "./errors";
import { authRoutes } from "./features/auth/auth.routes";
import { bikesRoutes, myBikesRoutes } from "./features/bikes/bikes.routes";
import { bookingsRoutes, myBookingsRoutes } from "./features/bookings/bookings.routes";
import { categoriesRoutes } from "./features/categories/categories.routes";
import { configRoutes } from "./features/config/config.routes";
import {
  conversationsRoutes,
  myConversationsRoutes,
} from "./features/conversations/conversations.routes";
import { healthRoutes } from "./features/health/health.routes";
import { meRoutes, sessionRoutes } from "./features/me/me.routes";
import { notificationsRoutes } from "./features/notifications/notifications.routes";
import {
  adminActionsRoutes,
  bikeReportsRoutes,
  reportsRoutes,
} from "./features/reports/reports.routes";
import {
  bookingReviewRoutes,
  reviewsRoutes,
  sellersRoutes,
} from "./features/reviews/reviews.routes";
import { savedSearchesRoutes } from "./features/search/saved-searches.routes";
import { categoryBikesRoutes, searchRoutes } from "./features/search/search.routes";
import { photoStoreFaultError } from "./features/uploads/photo-store-fault";
import { photoFilesRoutes, uploadsRoutes } from "./features/uploads/uploads.routes";
import { usersRoutes } from "./features/users/users.routes";
import { wishlistRoutes } from "./features/wishlist/wishlist.routes";
import { metricsRoutes } from "./metrics/metrics.routes";
import { rateLimits } from "./middleware/rate-limit";
import { refuseNulCharacters } from "./middleware/refuse-nul";
import { declaredBody } from "./middleware/request-body";
import { requestLog } from "./middleware/request-log";
import { sameOriginWrites } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { loadSession } from "./middleware/session";
import { openApiRoutes } from "./openapi/openapi.routes";
import { type ClientOptions, mountClient } from "./static-client";

export const MAX_BODY_BYTES = 1024 * 1024;

/** The whole HTTP surface. Tests call `createApp(deps).request(...)` in-process. */
export function createApp(deps: Deps, options: ClientOptions = {}) {
  const app = new Hono<AppBindings>();

  // Cached GETs (middleware/cached-read.ts) are sent again for the same caller,
  // request target and data version, by cache/replay.ts without running this
  // list: a middleware added here must not make their response depend on
  // anything else (the time, the client's address, other request headers).
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
    // A cached read's final headers, security headers included, for cache/replay.ts to send again.
    const cached = c.get("cachedResponse");
    if (cached && !cached.headers && c.res.status === 200) {
      cached.headers = replayableHeaders(c.res.headers);
    }
  });
  app.use("*", requestLog);
  app.use("*", securityHeaders);

  const api = new Hono<AppBindings>();
  const tooLarge = () =>
    new AppError("PAYLOAD_TOO_LARGE", "The request body is larger than 1 MiB.");
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw tooLarge();
    },
  });
  // A photo upload has its own, larger limit (features/uploads/uploads.routes.ts).
  // GET and HEAD carry no body, and asking for one makes the server build a whole fetch Request:
  // a body of announced length is judged by it, and only one streamed without it is counted.
  api.use("*", (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.path === "/api/uploads") {
      return next();
    }
    const body = declaredBody(c);
    if (body.kind === "streamed") return jsonBodyLimit(c, next);
    if (body.kind === "length" && body.bytes > MAX_BODY_BYTES) throw tooLarge();
    return next();
  });
  api.use("*", refuseNulCharacters);
  api.use("*", async (c, next) => {
    // API responses are per-user and change on every write: never cached by shared caches.
    c.header("Cache-Control", "no-store");
    await next();
  });
  api.use("*", sameOriginWrites);
  // Abuse limits: sign-up/sign-in before the auth routes, writes per user once the session is known.
  const limits = rateLimits(deps);
  api.use("/auth/*", limits.auth);
  api.route("/auth", authRoutes);
  // The API reference needs no session: /api/openapi.json and the page at /api/docs.
  api.route("/", openApiRoutes);
  api.use("*", loadSession);
  api.use("*", limits.writes);
  api.route("/health", healthRoutes);
  api.route("/config", configRoutes);
  api.route("/categories", categoriesRoutes);
  api.route("/categories", categoryBikesRoutes);
  // Search handles GET /api/bikes itself; /bikes/:id and the writes are bikesRoutes.
  api.route("/bikes", searchRoutes);
  api.route("/bikes", bikesRoutes);
  api.route("/bikes", bikeReportsRoutes);
  api.route("/reports", reportsRoutes);
  api.route("/admin/actions", adminActionsRoutes);
  api.route("/bookings", bookingReviewRoutes);
  api.route("/bookings", bookingsRoutes);
  api.route("/reviews", reviewsRoutes);
  api.route("/sellers", sellersRoutes);
  api.route("/me/bikes", myBikesRoutes);
  api.route("/me/wishlist", wishlistRoutes);
  api.route("/me/saved-searches", savedSearchesRoutes);
  api.route("/me", myBookingsRoutes);
  api.route("/conversations", conversationsRoutes);
  api.route("/me", myConversationsRoutes);
  api.route("/me", notificationsRoutes);
  api.route("/me", meRoutes);
  api.route("/session", sessionRoutes);
  api.route("/users", usersRoutes);
  api.route("/uploads", uploadsRoutes);
  api.all("*", () => {
    throw new AppError("ROUTE_NOT_FOUND", "No such API endpoint.");
  });
  app.route("/api", api);
  app.route("/uploads", photoFilesRoutes);
  app.route("/metrics", metricsRoutes);

  mountClient(app, options);

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status as 400);
    if (error instanceof HTTPException && error.status < 500) {
      const body = new AppError("BAD_REQUEST", error.message || "Bad request.").toBody();
      return c.json(body, error.status);
    }
    // The photo store or the database went away (or the disk is full): 503/507, never a 500.
    // The store first: its network errors carry the codes a lost database connection does.
    const fault =
      photoStoreFaultError(error, deps.logger) ?? databaseFaultError(error, deps.logger);
    if (fault) {
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      // Outside /api too (a photo): no cache may keep the error in place of the answer.
      c.header("Cache-Control", "no-store");
      return c.json(fault.toBody(), fault.status as 503);
    }
    deps.logger.error({ requestId: c.get("requestId"), err: error }, "unhandled error");
    const body = new AppError("INTERNAL", "Something went wrong on our side. Please try again.");
    return c.json(body.toBody(), 500);
  });

  return app;
}
