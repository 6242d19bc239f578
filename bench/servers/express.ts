import express, { type NextFunction, type Request, type Response } from "express";
import { openQuery, pageBody, port, required } from "./common";

/**
 * (c) The usual choice: Express 5, a session check that looks the cookie's
 * token up in the app's `sessions` table joined to `users` on every request
 * (as a typical hand-written app does), then the same query as (b).
 */
const query = openQuery(required("BENCH_DATABASE_URL"));
const COOKIE = required("SESSION_COOKIE_NAME");

/** better-auth's cookie is `<token>.<signature>`, URL-encoded: the token is before the dot. */
function tokenOf(header: string | undefined): string | null {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return decodeURIComponent(value.join("=")).split(".")[0] ?? null;
  }
  return null;
}

async function requireSession(req: Request, res: Response, next: NextFunction) {
  const token = tokenOf(req.headers.cookie);
  const user = token ? await query.sessionUser(token) : null;
  if (!user) {
    res.status(401).json({ error: { code: "UNAUTHENTICATED", message: "Please login first." } });
    return;
  }
  res.locals.user = user;
  next();
}

const app = express();
app.get("/health", (_req, res) => {
  res.send("ok");
});
app.get("/api/categories/:id/bikes", requireSession, async (req, res) => {
  const rows = await query.categoryPage(String(req.params.id));
  res.type("application/json").send(pageBody(rows));
});
app.listen(port, "127.0.0.1", () => process.stdout.write(`listening on ${port}\n`));
