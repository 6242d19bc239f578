import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { book } from "#tests/support/builders/booking";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import type { PageState } from "../client/entry-server";
import { withReplayedResponses } from "./cache/replay";

/**
 * Pages rendered on the server (server-render.ts, src/client/entry-server.tsx)
 * with the real app and database: the HTML a browser gets before any of the
 * app's code runs, and the state it hydrates from.
 */
const ENTRY = "/assets/index-Test1234.js";
const CHUNK = "/assets/framework-Test5678.js";
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>ReRide — used motorbikes, bought and sold</title><script type="module" crossorigin src="${ENTRY}"></script>
  <link rel="modulepreload" crossorigin href="${CHUNK}">
</head><body><div id="root"></div></body></html>`;
// Text a seller may type that means something in HTML, in a script, or in String.replace.
const HOSTILE_TITLE = "KTM </script><script>alert(1)</script> $& $' <b>bold</b>";

let t: TestApp;
let clientDir: string;
let seller: Person;
let buyer: Person;
let ktm = "";

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "reride-render-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "index.html"), INDEX_HTML);
  t = await createTestApp({}, { clientDir });
  ktm = (await categoryIds(t)).KTM;
  seller = await newPerson(t, "seller", "Sam Seller");
  buyer = await newPerson(t, "buyer", "Bea Buyer");
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function page(urlPath: string, cookie?: string) {
  const response = await t.request(urlPath, { cookie });
  const html = await response.text();
  const root =
    /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="reride-page-state">/.exec(
      html,
    );
  return { response, html, root: root?.[1] ?? null, state: pageState(html) };
}

function pageState(html: string): PageState | null {
  const element = /<script type="application\/json" id="reride-page-state">([^<]*)<\/script>/.exec(
    html,
  );
  return element?.[1] ? (JSON.parse(element[1]) as PageState) : null;
}

function cached(state: PageState | null, key: string): unknown {
  return state?.queries.find((query) => JSON.stringify(query.key).includes(key))?.data;
}

describe("a signed-in buyer's first visit to a category page", () => {
  test("is rendered on the server with its bikes, and carries the data it was rendered from", async () => {
    const bike = await listBike(t, seller, ktm, { title: "KTM 390 Duke, drawn by the server" });
    const { response, root, state, html } = await page(`/title/${ktm}`, buyer.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    // It holds the buyer's own data: no cache may keep it.
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(root).toContain("KTM 390 Duke, drawn by the server");
    expect(root).toContain("Sam Seller");
    expect(html).toContain("<title>KTM | ReRide</title>");

    expect(cached(state, '"me"')).toMatchObject({ id: buyer.id, email: buyer.email });
    const firstPage = cached(state, ktm) as { pages: Array<{ items: Array<{ id: string }> }> };
    expect(firstPage.pages[0]?.items.map((item) => item.id)).toContain(bike.id);
    // Each matched route's loader has its entry, so the browser doesn't run them again.
    expect(Object.keys(state?.loaderData ?? {}).length).toBeGreaterThan(0);
  });

  test("asks for the app's code after the first paint, naming the chunks to fetch side by side", async () => {
    const { html } = await page(`/title/${ktm}`, buyer.cookie);
    expect(html).not.toContain(`<script type="module" crossorigin src="${ENTRY}">`);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<script type="module" src="/after-paint.js"></script>');
    const code = /<script type="application\/json" id="reride-app-code">([^<]*)<\/script>/.exec(
      html,
    );
    expect(JSON.parse(code?.[1] ?? "null")).toEqual({ entry: ENTRY, preload: [CHUNK] });
  });

  test("never shows a bike as available after it was booked", async () => {
    const bike = await listBike(t, seller, ktm, { title: "KTM RC 200, booked in a moment" });
    const card = async () => {
      const { root } = await page(`/title/${ktm}`, buyer.cookie);
      const cards = root?.split("<article").filter((html) => html.includes(bike.title)) ?? [];
      expect(cards).toHaveLength(1);
      return cards[0] ?? "";
    };
    expect(await card()).not.toContain(">Booked<");
    const other = await newPerson(t, "buyer", "Other Buyer");
    await book(t, other, bike.id);
    // Rendered again at once, from the same caches the API responds from: booked, and no Buy.
    const after = await card();
    expect(after).toContain(">Booked<");
    expect(after).toContain('disabled="">Buy</button>');
  });
});

describe("the dashboard is drawn with its bookings, not a loading state the list later pushes down", () => {
  test("a buyer's own bookings, and the seller's bookings on their bikes", async () => {
    const bike = await listBike(t, seller, ktm, {
      title: "KTM 125 Duke, booked for the dashboard",
    });
    const booker = await newPerson(t, "buyer", "Dana Dashboard");
    await book(t, booker, bike.id);

    const mine = await page("/dashboard", booker.cookie);
    expect(mine.response.status).toBe(200);
    expect(mine.root).toContain("KTM 125 Duke, booked for the dashboard");
    expect(mine.root).not.toContain("Loading your bookings");
    expect(cached(mine.state, '"mine"')).toMatchObject({
      pages: [{ items: [{ bikeId: bike.id }], nextCursor: null }],
    });

    const sales = await page("/dashboard", seller.cookie);
    expect(sales.root).toContain("Bookings on my bikes");
    expect(sales.root).toContain("Dana Dashboard");
    expect(cached(sales.state, '"sales"')).toMatchObject({
      pages: [{ items: expect.any(Array) }],
    });

    const alsoMine = await page("/dashboard/myBooking", booker.cookie);
    expect(alsoMine.root).toContain("KTM 125 Duke, booked for the dashboard");
  });
});

test("a seller's text stays text: in the markup, in the page state and in the title", async () => {
  const bike = await listBike(t, seller, ktm, { title: HOSTILE_TITLE });
  const { html, root, state } = await page(`/bikes/${bike.id}`, buyer.cookie);
  expect(root).toContain("KTM &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#x27;");
  expect(html).not.toContain("<script>alert(1)");
  expect(html).not.toContain("<b>bold</b>");
  // The two data elements are whole: each parses, and the bike's title comes back exactly.
  expect(html.match(/<script\b/g)).toHaveLength(3);
  expect((cached(state, bike.id) as { title: string }).title).toBe(HOSTILE_TITLE);
  expect(html).toContain("<title>KTM &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
});

test("home, signed out, is rendered with the brands and nobody signed in", async () => {
  const { response, root, state } = await page("/");
  expect(response.status).toBe(200);
  expect(root).toContain("Find your next ride.");
  for (const brand of ["SUZUKI", "YAMAHA", "KTM"]) expect(root).toContain(brand);
  expect(cached(state, '"me"')).toBeNull();
});

// Through a listening server, as in production: the page's own reads (the home
// page's bikes and its brands, asked side by side) are requests the app makes to
// itself on the page's connection. They were cached under the page's request
// target, one key for all of them, and were served each other's answers.
test("home, through a listening server, is rendered again and again from its own reads", async () => {
  const server = http.createServer(withReplayedResponses(t.deps, getRequestListener(t.app.fetch)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    for (let visit = 1; visit <= 3; visit++) {
      const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      const state = pageState(html);
      expect(state, `visit ${visit} was rendered on the server`).not.toBeNull();
      // Each of its reads answered with its own data: the bikes a page of bikes, the brands a list.
      const advertised = cached(state, '"advertised"') as { items?: unknown } | undefined;
      expect(Array.isArray(advertised?.items), "the advertised bikes are a page of bikes").toBe(
        true,
      );
      expect(html).toContain("Find your next ride.");
      for (const brand of ["SUZUKI", "YAMAHA", "KTM"]) expect(html).toContain(brand);
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test("a path no page claims is rendered as the not-found page, with status 404", async () => {
  const { response, root } = await page("/no-such-page/here");
  expect(response.status).toBe(404);
  expect(root).toContain("Error! This page doesn&#x27;t exist.");
});

/**
 * A signed-out page asked for until two visits in a row get the same bytes,
 * down to when each response was fetched: the second was not rendered again. On
 * PostgreSQL the data version moves with any commit on the server, other test
 * files' included, so a pair can straddle one; rendered every time, no pair matches.
 */
async function cachedPage(urlPath: string) {
  let previous = await page(urlPath);
  for (let visit = 0; visit < 20; visit++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const next = await page(urlPath);
    if (next.html === previous.html) return next;
    previous = next;
  }
  throw new Error(`${urlPath} was rendered again on every visit`);
}

describe("a signed-out visitor's page is rendered once while nothing is written", () => {
  test("the next visitor gets the same rendering; a write renders it again; a session never gets it", async () => {
    const first = await cachedPage("/");

    const suzuki = (await categoryIds(t)).SUZUKI;
    const available = (state: PageState | null) =>
      (cached(state, '"categories"') as Array<{ id: string; availableCount: number }>).find(
        (category) => category.id === suzuki,
      )?.availableCount ?? Number.NaN;
    await listBike(t, seller, suzuki, { title: "Suzuki listed while home was cached" });
    const after = await page("/");
    expect(after.html).not.toBe(first.html);
    expect(available(after.state)).toBe(available(first.state) + 1);

    const signedIn = await page("/", buyer.cookie);
    expect(signedIn.root).toContain(buyer.email);
    expect(cached(signedIn.state, '"me"')).toMatchObject({ id: buyer.id });
  });
});

test("a session cookie spelt with a space before '=' is still a session: its page is never the signed-out one", async () => {
  const spaced = buyer.cookie.replace("session_token=", "session_token =");
  expect(spaced).not.toBe(buyer.cookie);
  await page("/", spaced);
  await page("/", spaced);
  const anonymous = await page("/");
  expect(anonymous.html).not.toContain(buyer.email);
  expect(anonymous.html).not.toContain(buyer.name);
  expect(cached(anonymous.state, '"me"') ?? null).toBeNull();
});

describe("every page a person can open is rendered on the server", () => {
  // Who opens it; a component that touched `window` while rendering would leave its page unrendered.
  test.each([
    ["/login", "nobody"],
    ["/registration", "nobody"],
    ["/blog", "nobody"],
    ["/bikes?q=KTM&sort=price_asc", "buyer"],
    ["/myBooking", "buyer"],
    ["/dashboard", "buyer"],
    ["/dashboard/wishlist", "buyer"],
    ["/dashboard/saved-searches", "buyer"],
    ["/dashboard/addProduct", "seller"],
    ["/dashboard/MyProduct", "seller"],
    ["/dashboard/MyProduct/:bike/edit", "seller"],
    ["/dashboard/allSeller", "admin"],
    ["/dashboard/allBuyer", "admin"],
    ["/dashboard/allSeller", "buyer"],
  ] as const)("%s as %s", async (urlPath, who) => {
    const people = { nobody: undefined, buyer, seller, admin: await theAdmin(t) };
    const bike = urlPath.includes(":bike") ? await listBike(t, seller, ktm) : null;
    const { response, root } = await page(
      urlPath.replace(":bike", bike?.id ?? ""),
      people[who]?.cookie,
    );
    expect(response.status).toBe(200);
    expect(root).toContain('<main id="main"');
    if (who === "buyer" && urlPath.includes("allSeller")) expect(root).toContain("Not allowed");
  });
});

describe("pages the server leaves to the browser get the app shell as built", () => {
  test.each([
    ["a guarded page, signed out", "/title/anything"],
    ["a guarded page with a session that has ended", "/bikes/anything"],
  ])("%s", async (_case, urlPath) => {
    const cookie = urlPath.startsWith("/bikes") ? "better-auth.session_token=ended.abc" : undefined;
    const { response, html } = await page(urlPath, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(html).toBe(INDEX_HTML);
  });

  test("a page whose data can't be had (a bike that doesn't exist)", async () => {
    const { response, html } = await page("/bikes/no-such-bike", buyer.cookie);
    expect(response.status).toBe(200);
    expect(html).toBe(INDEX_HTML);
  });

  test("a HEAD request", async () => {
    const response = await t.request("/", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });
});
