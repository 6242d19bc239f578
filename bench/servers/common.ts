import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import SQLite from "better-sqlite3";
import pg from "pg";

/**
 * What the comparison servers share: their configuration (environment
 * variables set by bench/lib/servers.ts), the database opened the way the app
 * opens it, and one SQL text per dialect for the category page.
 */

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export const port = Number(required("PORT"));

/** `/health` answers 200 so the bench knows the server is up; everything else is the handler's. */
export function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): void {
  const server = createServer((req, res) => {
    if (req.url === "/health") {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      return;
    }
    handler(req, res);
  });
  // As @hono/node-server and Express leave it: Node's default keep-alive.
  server.listen(port, "127.0.0.1", () => process.stdout.write(`listening on ${port}\n`));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

export type Row = Record<string, unknown>;

export interface Query {
  /** The rows of `sql` (the first page of a category) for `categoryId`. */
  categoryPage(categoryId: string): Promise<Row[]>;
  /** The user of a session token that hasn't expired, or null. */
  sessionUser(token: string): Promise<Row | null>;
}

// The first page of a category, newest first, each bike with its seller: the
// category page's work without the app's extras (photos, wishlist, fair price).
const CATEGORY_PAGE = (param: string) => `
  select b.id, b.title, b.name, b."categoryId", b."imageUrl", b.location, b."yearsOfUse",
         b."originalPrice", b."resalePrice", b.description, b.status, b.advertised,
         b."postedAt", b."sellerId", u.name as "sellerName", u.verified as "sellerVerified"
  from bikes b join users u on u.id = b."sellerId"
  where b."categoryId" = ${param}
  order by b."postedAt" desc, b.id desc
  limit 12`;

// What a hand-written app does with a session cookie: find the token, join the user.
const SESSION_USER = (param: string) => `
  select u.id, u.name, u.email, u."accountType", s."expiresAt"
  from sessions s join users u on u.id = s."userId"
  where s.token = ${param}`;

const notExpired = (row: Row | undefined): row is Row =>
  row !== undefined && new Date(String(row.expiresAt)).getTime() > Date.now();

/** The same driver as the app, opened as src/server/db/database.ts opens it. */
export function openQuery(url: string): Query {
  if (url.startsWith("postgres")) {
    // Plain pool.query with text: unnamed statements, as most hand-written code does.
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      categoryPage: async (categoryId) =>
        (await pool.query(CATEGORY_PAGE("$1"), [categoryId])).rows,
      sessionUser: async (token) => {
        const row = (await pool.query(SESSION_USER("$1"), [token])).rows[0] as Row | undefined;
        return notExpired(row) ? row : null;
      },
    };
  }
  const sqlite = new SQLite(url.replace(/^file:/, ""));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  // better-sqlite3's way: prepare once, run many times.
  const page = sqlite.prepare(CATEGORY_PAGE("?"));
  const session = sqlite.prepare(SESSION_USER("?"));
  return {
    categoryPage: async (categoryId) => page.all(categoryId) as Row[],
    sessionUser: async (token) => {
      const row = session.get(token) as Row | undefined;
      return notExpired(row) ? row : null;
    },
  };
}

/** The answer's shape: items with their seller nested, and the next page's keyset cursor. */
export function pageBody(rows: Row[]): string {
  const items = rows.map(({ sellerId, sellerName, sellerVerified, ...bike }) => ({
    ...bike,
    seller: { id: sellerId, name: sellerName, verified: Boolean(sellerVerified) },
  }));
  const last = rows.at(-1);
  const nextCursor =
    rows.length === 12 && last
      ? Buffer.from(JSON.stringify([last.postedAt, last.id])).toString("base64url")
      : null;
  return JSON.stringify({ items, nextCursor });
}

/** `/api/categories/<id>/bikes` → the id. */
export function categoryIdOf(url: string | undefined): string | null {
  return /^\/api\/categories\/([^/?]+)\/bikes(?:\?|$)/.exec(url ?? "")?.[1] ?? null;
}
