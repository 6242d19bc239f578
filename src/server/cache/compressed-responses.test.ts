import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rawGet } from "#tests/support/raw-request";
import { cookieOf, type ServerProcess, startServerProcess } from "#tests/support/server-process";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import type { Category } from "../../shared/schemas/categories";

// The pages' big reads (a page of bikes is ~9 kB of JSON) go compressed to a
// browser that takes it: through the app, and through cache/replay.ts in
// front of it (a real server, the second request of the same caller).

const BR = { "accept-encoding": "gzip, deflate, br" };
const GZIP = { "accept-encoding": "gzip" };

function decoded(bytes: Buffer, encoding: string | null): string {
  if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
  if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}

describe("through the app", () => {
  let t: TestApp;
  let cookie: string;
  let categoryPage: string;

  beforeAll(async () => {
    t = await createTestApp();
    const signedUp = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      body: {
        name: "Zip Buyer",
        email: "zip@example.test",
        password: "correct-horse-42",
        accountType: "buyer",
      },
    });
    cookie = cookieOf(signedUp);
    const categories = (await (await t.request("/api/categories")).json()) as Category[];
    categoryPage = `/api/categories/${categories[0]?.id}/bikes`;
  });
  afterAll(() => t?.close());

  const get = async (path: string, headers: Record<string, string>) => {
    const response = await t.request(path, { cookie, headers });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  test("brotli, gzip or nothing, as asked, the same JSON each time, first read and cached", async () => {
    const plain = await get(categoryPage, {});
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const json = plain.bytes.toString("utf8");
    expect(json.length).toBeGreaterThan(1024);
    expect(plain.headers.get("etag")).toMatch(/^"/);
    expect(plain.headers.get("vary")).toMatch(/Accept-Encoding/i);

    for (const [headers, encoding] of [
      [BR, "br"],
      [GZIP, "gzip"],
      [{ "accept-encoding": "br;q=0, gzip" }, "gzip"],
      [{ "accept-encoding": "identity" }, null],
    ] as const) {
      const response = await get(categoryPage, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(decoded(response.bytes, encoding)).toBe(json);
      if (encoding) expect(response.bytes.length).toBeLessThan(json.length / 2);
      // A compressed body is the same content in other bytes: a weak tag.
      expect(response.headers.get("etag")).toBe(
        encoding ? `W/${plain.headers.get("etag")}` : plain.headers.get("etag"),
      );
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  test("either tag revalidates: 304 without a body", async () => {
    const compressed = await get(categoryPage, BR);
    const weak = compressed.headers.get("etag") ?? "";
    const again = await get(categoryPage, { ...BR, "if-none-match": weak });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const plain = await get(categoryPage, { "if-none-match": weak });
    expect(plain.status).toBe(304);
  });

  test("the read that fills the cache sends what later reads send: compressed, tagged, or 304", async () => {
    // Each of these is the first read of its request target for this caller: a miss.
    const first = await get(`${categoryPage}?limit=7`, BR);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-encoding")).toBe("br");
    const again = await get(`${categoryPage}?limit=7`, {});
    expect(decoded(first.bytes, "br")).toBe(again.bytes.toString("utf8"));
    expect(first.headers.get("etag")).toBe(`W/${again.headers.get("etag")}`);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    const plainFirst = await get(`${categoryPage}?limit=8`, {});
    expect(plainFirst.headers.get("content-encoding")).toBeNull();
    expect(plainFirst.headers.get("content-type")).toBe("application/json");
    const plainAgain = await get(`${categoryPage}?limit=8`, {});
    expect(plainFirst.bytes.equals(plainAgain.bytes)).toBe(true);
    expect(plainFirst.headers.get("etag")).toBe(plainAgain.headers.get("etag"));

    // A browser holding the same bytes (another tab's URL, same answer) is told so on a miss too.
    const revalidated = await get(`${categoryPage}?limit=8&sort=newest`, {
      ...BR,
      "if-none-match": String(plainFirst.headers.get("etag")),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
  });

  test("a response under 1 kB is sent as it is", async () => {
    const categories = await get("/api/categories", BR);
    expect(categories.status).toBe(200);
    expect(categories.bytes.length).toBeLessThan(1024);
    expect(categories.headers.get("content-encoding")).toBeNull();
    expect(categories.headers.get("etag")).toMatch(/^"/);
  });
});

describe("served in front of the app (a real server)", () => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const raw = (path: string, headers: Record<string, string>) => rawGet(server.url, path, headers);

  test("the replayed response is compressed too, with its length and a request id of its own", async () => {
    const signedUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        name: "Zip Buyer",
        email: "zip-real@example.test",
        password: "correct-horse-42",
        accountType: "buyer",
      }),
    });
    const cookie = cookieOf(signedUp);
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as Category[];
    const path = `/api/categories/${categories[0]?.id}/bikes`;
    const plain = await raw(path, { cookie });
    const first = await raw(path, { cookie, ...BR });
    const replayed = await raw(path, { cookie, ...BR });
    for (const response of [first, replayed]) {
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(Number(response.headers["content-length"])).toBe(response.bytes.length);
      expect(decoded(response.bytes, "br")).toBe(plain.bytes.toString("utf8"));
      expect(response.headers.etag).toBe(`W/${plain.headers.etag}`);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    }
    expect(replayed.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    const gzipped = await raw(path, { cookie, ...GZIP });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzipped.bytes, "gzip")).toBe(plain.bytes.toString("utf8"));
    const revalidated = await raw(path, {
      cookie,
      ...BR,
      "if-none-match": String(first.headers.etag),
    });
    expect(revalidated.status).toBe(304);
  }, 60_000);
});
