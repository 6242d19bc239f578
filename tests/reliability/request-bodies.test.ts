import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import { signUp } from "#tests/support/accounts";
import { bikeFields, categoryIds } from "#tests/support/builders/bike";
import { apiClient, type ServerProcess, startServerProcess } from "#tests/support/server-process";
import { createTestDatabase, type TestDatabase, testServerUrl } from "#tests/support/test-database";

/**
 * Request bodies as the real server reads them, over HTTP: the body checks
 * (a size limit, no NUL, JSON only) judge a body by the headers Node has
 * parsed (middleware/request-body.ts) instead of asking for a fetch Request's
 * stream, and the route reads the body straight from the socket. In-process
 * requests (the rest of the suite) take the other branch.
 */
let database: TestDatabase;
let server: ServerProcess | undefined;
const url = () => server?.url ?? "";
const api = apiClient(url);
let seller = "";
let buyer = "";
let categoryId = "";

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  });
  // Sign-up is better-auth's route, which reads the request itself.
  seller = await signUp({ request: api }, { accountType: "seller" });
  buyer = await signUp({ request: api });
  categoryId = (await categoryIds({ request: api })).SUZUKI;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** A write as a browser sends it, with a body given as it is. */
function send(pathname: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${url()}${pathname}`, {
    method: "POST",
    headers: { origin: url(), cookie: seller, "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

async function errorOf(response: Response) {
  return { status: response.status, code: ((await response.json()) as ErrorBody).error.code };
}

const oneMiB = 1024 * 1024;

// The same middleware on either database: the PostgreSQL pass leaves it to the SQLite one.
describe.skipIf(testServerUrl())("request bodies over HTTP", () => {
  test("a JSON write and a write without a body are read", async () => {
    const listed = await api("/api/bikes", { body: bikeFields(categoryId), cookie: seller });
    expect(listed.status).toBe(201);
    const { id } = (await listed.json()) as { id: string };
    const heart = await api(`/api/me/wishlist/${id}`, { method: "PUT", cookie: buyer });
    expect(heart.status).toBe(204);
    const wishlist = (await (await api("/api/me/wishlist", { cookie: buyer })).json()) as {
      items: Array<{ bike: { id: string } }>;
    };
    expect(wishlist.items.map((item) => item.bike.id)).toEqual([id]);
  });

  test("a body over 1 MiB is a 413, whether its length is announced or it is streamed", async () => {
    const big = JSON.stringify({ ...bikeFields(categoryId), description: "x".repeat(oneMiB) });
    expect(await errorOf(await send("/api/bikes", big))).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
    });
    const streamed = new Blob([big]).stream();
    expect(await errorOf(await send("/api/bikes", streamed))).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
    });
  });

  test("a streamed body within the limit is read", async () => {
    const body = new Blob([JSON.stringify(bikeFields(categoryId))]).stream();
    expect((await send("/api/bikes", body)).status).toBe(201);
  });

  test("a NUL in a JSON body is a 400, and a body that isn't JSON a 415", async () => {
    const withNul = JSON.stringify(bikeFields(categoryId, { title: "Gixxer\u0000" }));
    expect(await errorOf(await send("/api/bikes", withNul))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
    });
    const asText = JSON.stringify(bikeFields(categoryId));
    expect(
      await errorOf(await send("/api/bikes", asText, { "content-type": "text/plain" })),
    ).toEqual({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
  });
});
