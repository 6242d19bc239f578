import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUp } from "#tests/support/accounts";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { whoIs } from "#tests/support/people";
import { rawGet } from "#tests/support/raw-request";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { withReplayedResponses } from "./replay";
import { ResponseCache, responseKey } from "./response-cache";
import { SharedReads } from "./shared-reads";

/**
 * Request targets the HTTP adapter normalises (percent-escapes, dot
 * segments, repeated slashes, other cases) sent to the cached reads through
 * a listening server wired as main.ts wires it (cache/replay.ts in front of
 * the app): with the cache warm, each gets the status and body it got when
 * nothing was cached, never another target's response, and the same log line.
 */
let t: TestApp;
let server: http.Server;
let buyer = { cookie: "", id: "" };
let targets: string[] = [];
const lines: string[] = [];
const destination = { write: (line: string) => void lines.push(line) };

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "info" }, { logDestination: destination });
  server = http.createServer(withReplayedResponses(t.deps, getRequestListener(t.app.fetch)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const ktm = (await categoryIds(t)).KTM;
  const seller = await signUp(t, { accountType: "seller" });
  const bike = (await listBike(t, { cookie: seller }, ktm, { title: "KTM 390 Duke, city ridden" }))
    .id;
  const cookie = await signUp(t, { accountType: "buyer" });
  buyer = { cookie, id: (await whoIs(t, cookie)).id };
  targets = [
    "/api/categories",
    "/api/../api/categories",
    "/api/./categories",
    "/api/%2e%2e/api/categories",
    "//api//categories",
    "/api//categories",
    "/API/categories",
    "/api/Categories",
    "/Api/../api/categories",
    `/api/bikes/${bike}`,
    `/api/bikes/./${bike}`,
    `/api/bikes/%2E/${bike}`,
    `/api/bikes/x/../${bike}`,
    `/api/bikes/${bike.toUpperCase()}`,
    `//api/bikes//./${bike}`,
    "/api/bikes/./x",
    "/api/bikes/x/..",
    `/api/categories/${ktm}/bikes`,
    `/api/categories/./${ktm}/bikes`,
    `/api/categories/${ktm}//bikes`,
    `/api/categories/${ktm}/bikes/..`,
    "/api/bikes?q=390%20duke",
    "/api/bikes?q=390+duke",
    "/api/bikes?q=390%20DUKE",
    "/api/./bikes?q=%20390%20%20duke%20",
    "/api/bikes/../bikes?q=duke%20390/../x",
    "/api/bikes?q=no%20such%20bike",
    "/api/bikes?q=no+such+bike&sort=price_asc",
    "/api/bikes/advertised",
    "/api/bikes/../bikes/advertised",
    "//api/bikes/advertised",
    "/api/bikes/%61dvertised",
  ];
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** The target exactly as written, on a connection of its own, and the line logged for it. */
async function get(target: string, cookie: string | undefined) {
  const { port } = server.address() as AddressInfo;
  const response = await rawGet(`http://127.0.0.1:${port}`, target, cookie ? { cookie } : {});
  const requestId = response.headers["x-request-id"];
  const logged = lines
    .map((line) => JSON.parse(line) as { requestId?: string; method?: string; path?: string })
    .find((line) => line.requestId === requestId);
  return {
    status: response.status,
    contentType: response.headers["content-type"],
    etag: response.headers.etag,
    body: response.bytes.toString("utf8"),
    log: logged && { method: logged.method, path: logged.path },
  };
}

describe.each([
  ["signed out", () => ({ cookie: undefined, id: null })],
  ["signed in", () => buyer],
])("%s", (_caller, callerOf) => {
  test("every target gets the same status and body from a warm cache as from an empty one", async () => {
    const { cookie, id } = callerOf();
    const uncached = new Map<string, Awaited<ReturnType<typeof get>>>();
    for (const target of targets) {
      t.deps.responses = new ResponseCache();
      t.deps.sharedReads = new SharedReads();
      uncached.set(target, await get(target, cookie));
    }
    // The plain targets are read by the app, not refused before it (a bike and search need a session).
    expect(uncached.get("/api/categories")?.status).toBe(200);
    expect(uncached.get("/api/./categories")?.log).toEqual({
      method: "GET",
      path: "/api/categories",
    });
    expect(uncached.get("/api/bikes?q=390%20duke")?.status).toBe(id ? 200 : 401);
    if (id) expect(uncached.get("/api/bikes?q=390%20duke")?.body).toContain("city ridden");

    t.deps.responses = new ResponseCache();
    t.deps.sharedReads = new SharedReads();
    // Round 1 fills the cache in the app; rounds 2 and 3 are replayed in front of it.
    for (let round = 1; round <= 3; round++) {
      for (const target of targets) {
        expect({ target, ...(await get(target, cookie)) }).toEqual({
          target,
          ...uncached.get(target),
        });
      }
    }
    // And the cache was used: every successful read is in it, under its own target, current.
    const read = targets.filter((target) => uncached.get(target)?.status === 200);
    expect(read.length).toBeGreaterThan(id ? 10 : 3);
    for (const target of read) {
      const cached = t.deps.responses.replayable(responseKey(id, target));
      expect(cached, target).toBeDefined();
      if (cached) expect(await t.deps.dataVersion.read(cached.scope), target).toBe(cached.version);
    }
  });
});
