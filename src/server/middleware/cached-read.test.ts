import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import type { DataVersion } from "../cache/data-version";
import { ResponseCache } from "../cache/response-cache";
import type { AppBindings, Deps } from "../context";
import { cachedJson, cachedRead } from "./cached-read";

// cachedRead on its own, with a version that moves only when the test says:
// a handler answering through cachedJson and one answering with c.json are
// stored and served alike, and a handler's error is never stored.

function appWith(version: { current: number }) {
  const dataVersion: DataVersion = {
    read: async () => String(version.current),
    readWithVersions: async () => ({ token: String(version.current), versions: new Map() }),
    readMany: async (scopes) => scopes.map(() => String(version.current)),
    readKeys: async (keys) => new Map(keys.map((key) => [key, String(version.current)])),
    readSession: async () => null,
  };
  // cachedRead reads only these two of the app's dependencies.
  const used: Pick<Deps, "responses" | "dataVersion"> = {
    responses: new ResponseCache(),
    dataVersion,
  };
  const deps = used as Deps;
  const calls = { stored: 0, plain: 0, failing: 0 };
  const app = new Hono<AppBindings>();
  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("user", null);
    await next();
  });
  const scope = () => ({ keys: ["test"] });
  app.get("/stored", cachedRead(scope), (c) => {
    calls.stored++;
    return cachedJson(c, { answer: "stored", read: calls.stored });
  });
  app.get("/plain", cachedRead(scope), (c) => {
    calls.plain++;
    return c.json({ answer: "plain", read: calls.plain });
  });
  app.get("/failing", cachedRead(scope), (c) => {
    calls.failing++;
    return c.json({ error: "not yet" }, 503);
  });
  return { app, calls };
}

describe("cachedRead", () => {
  for (const route of ["/stored", "/plain"] as const) {
    test(`${route}: read once per version, the same bytes and tag each time`, async () => {
      const version = { current: 1 };
      const { app, calls } = appWith(version);
      const first = await app.request(route);
      const second = await app.request(route);
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe("application/json");
      const text = await first.text();
      expect(JSON.parse(text)).toMatchObject({ read: 1 });
      expect(await second.text()).toBe(text);
      expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(first.headers.get("cache-control")).toBe("private, no-cache");

      version.current = 2;
      const afterWrite = await app.request(route);
      expect(JSON.parse(await afterWrite.text())).toMatchObject({ read: 2 });
      expect(afterWrite.headers.get("etag")).not.toBe(first.headers.get("etag"));
      expect(calls.stored + calls.plain).toBe(2);
    });
  }

  test("an error answer is sent as it is and never stored", async () => {
    const { app, calls } = appWith({ current: 1 });
    for (const _ of [1, 2]) {
      const response = await app.request("/failing");
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect(calls.failing).toBe(2);
  });

  test("cachedJson without cachedRead answers plain JSON", async () => {
    const app = new Hono<AppBindings>();
    app.get("/", (c) => cachedJson(c, { alone: true }));
    const response = await app.request("/");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ alone: true });
  });
});
