import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signIn, signUp } from "#tests/support/accounts";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { rawGet } from "#tests/support/raw-request";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { versionReadsDuring } from "#tests/support/version-reads";
import { withReplayedResponses } from "./replay";

// cache/replay.ts reads a cached session's version and a cached response's in one read.
// When the response must be read afresh (a write to what it shows) but the session
// holds, the app takes the session as checked: one read of the versions fewer for every
// answer read afresh, a round trip on PostgreSQL. A session that moved is read again.

describe("an answer read afresh behind the replay, on a listening server as main.ts wires it", () => {
  let t: TestApp;
  let server: http.Server;
  let categories: CategoryIds;
  let seller = "";
  beforeAll(async () => {
    t = await createTestApp();
    server = http.createServer(withReplayedResponses(t.deps, getRequestListener(t.app.fetch)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    categories = await categoryIds(t);
    seller = await signUp(t, { accountType: "seller" });
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  const get = async (target: string, cookie: string) => {
    const { port } = server.address() as AddressInfo;
    return rawGet(`http://127.0.0.1:${port}`, target, { cookie });
  };

  test("a session the replay found unchanged is not read again; one that moved is", async () => {
    const buyer = await signUp(t, { accountType: "buyer" });
    const page = `/api/categories/${categories.SUZUKI}/bikes`;
    await listBike(t, { cookie: seller }, categories.SUZUKI, { title: "Suzuki Gixxer SF" });
    expect((await get(page, buyer)).status).toBe(200);

    // A new listing in the category: the page is read afresh, the session is the same.
    await listBike(t, { cookie: seller }, categories.SUZUKI, { title: "Suzuki Hayate" });
    const reads = await versionReadsDuring(t, async () => {
      const answer = await get(page, buyer);
      expect(answer.status).toBe(200);
      expect(answer.bytes.toString("utf8")).toContain("Suzuki Hayate");
    });
    // The replay's read of both; the page's scope; the category page's own shared read.
    expect(reads.filter((read) => read.includes("session:"))).toHaveLength(1);
    expect(reads[0]).toMatch(/^scopes session:\S+, category:/);

    // The buyer signs in elsewhere (a write to their sessions): the replay finds the
    // session moved and leaves both to the app, which reads the session's version itself.
    await signInElsewhere(buyer);
    await listBike(t, { cookie: seller }, categories.SUZUKI, { title: "Suzuki Intruder" });
    const again = await versionReadsDuring(t, async () => {
      const answer = await get(page, buyer);
      expect(answer.status).toBe(200);
      expect(answer.bytes.toString("utf8")).toContain("Suzuki Intruder");
    });
    expect(again.filter((read) => read.includes("session:"))).toHaveLength(2);
  });

  /** A second session for the same account: a write to its `session:` version. */
  async function signInElsewhere(cookie: string) {
    const me = (await (await t.request("/api/me", { cookie })).json()) as { email: string };
    await signIn(t, { email: me.email });
  }
});
