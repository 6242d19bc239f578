import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { precompress } from "../../scripts/precompress.mjs";

/**
 * The built client as a browser gets it: a client dir laid out like
 * dist/client and compressed by the build's own step, served by the real app.
 */
let t: TestApp;
let clientDir: string;
const SCRIPT = "assets/index-Ab12Cd34.js";
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/${SCRIPT}"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
// Repetitive like real minified code, and well over the 1 kB below which nothing is compressed.
const SCRIPT_SOURCE = Array.from(
  { length: 400 },
  (_, i) => `export const bike${i} = { id: ${i}, title: "Bike number ${i}" };`,
).join("\n");

const file = (name: string) => readFileSync(path.join(clientDir, name));

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "reride-static-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(clientDir, SCRIPT), SCRIPT_SOURCE);
  writeFileSync(path.join(clientDir, "robots.txt"), "User-agent: *\nAllow: /\n");
  precompress(clientDir);
  // Pages rendered on the server have their own tests (server-render.test.ts): here, the files as built.
  t = await createTestApp({}, { clientDir, renderPages: false });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function get(urlPath: string, acceptEncoding?: string) {
  const response = await t.request(urlPath, {
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("a hashed script is sent compressed when the browser can decode it", () => {
  test.each([
    ["br", "br", brotliDecompressSync],
    ["gzip", "gzip", gunzipSync],
    // What Chromium sends: brotli is the smaller one, so it is preferred.
    ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
  ] as const)("Accept-Encoding: %s gets %s", async (accept, encoding, decode) => {
    const { response, bytes } = await get(`/${SCRIPT}`, accept);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(SCRIPT_SOURCE.length / 3);
    expect(decode(bytes).toString()).toBe(SCRIPT_SOURCE);
  });

  test.each([undefined, "identity", "deflate", "br;q=0"])(
    "Accept-Encoding: %s gets the plain file",
    async (accept) => {
      const { response, bytes } = await get(`/${SCRIPT}`, accept);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(bytes.equals(file(SCRIPT))).toBe(true);
    },
  );

  test("an asset that isn't there is a 404, not the app's HTML cached for a year", async () => {
    const { response } = await get("/assets/index-Old00000.js", "br");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).not.toMatch(/html/);
    expect(response.headers.get("cache-control") ?? "").not.toMatch(/immutable/);
  });
});

describe("index.html names the current assets, so it is revalidated on every visit", () => {
  test.each(["/", "/index.html", "/title/abc", "/bikes/some-bike"])(
    "%s: the app's HTML, compressed, no-cache",
    async (urlPath) => {
      const { response, bytes } = await get(urlPath, "gzip, deflate, br");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(brotliDecompressSync(bytes).toString()).toBe(INDEX_HTML);
    },
  );

  test("a browser that accepts no compression gets the plain page", async () => {
    const { response, bytes } = await get("/title/abc");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(bytes.toString()).toBe(INDEX_HTML);
  });
});

describe("a first visit to a known route names that route's own files in the page", () => {
  const ROUTE_CHUNK = "/assets/category-bikes-Zz99Yy88.js";
  beforeAll(() => {
    mkdirSync(path.join(clientDir, ".vite"));
    writeFileSync(
      path.join(clientDir, ".vite/first-visit.json"),
      JSON.stringify([
        { path: "/", scripts: ["/assets/home-Aa11Bb22.js"], styles: [], images: ["/hero.svg"] },
        { path: "/title/:id", scripts: [ROUTE_CHUNK], styles: [], images: [] },
      ]),
    );
  });

  test.each([
    ["/title/abc", "br", brotliDecompressSync],
    ["/TITLE/abc/", "gzip", gunzipSync],
  ] as const)(
    "%s (%s): the HTML preloads the category page's chunk",
    async (urlPath, encoding, decode) => {
      const { response, bytes } = await get(urlPath, encoding);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const html = decode(bytes).toString();
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="${ROUTE_CHUNK}">`);
      expect(html).not.toContain("home-Aa11Bb22.js");
      // Otherwise the same page: the entry script and the root element are still there.
      expect(html).toContain(`src="/${SCRIPT}"`);
      expect(html).toContain('<div id="root">');
    },
  );

  test("home also asks for its hero picture; a plain request gets plain HTML", async () => {
    const { response, bytes } = await get("/");
    expect(response.headers.get("content-encoding")).toBeNull();
    const html = bytes.toString();
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/home-Aa11Bb22.js">',
    );
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/hero.svg">');
  });

  test("a path no route claims gets index.html as built, for the router's not-found page", async () => {
    const { response, bytes } = await get("/title/abc/extra", "br");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(brotliDecompressSync(bytes).toString()).toBe(INDEX_HTML);
  });
});

test("other files (icons, robots.txt) are cached for an hour; small ones go uncompressed", async () => {
  const { response, bytes } = await get("/robots.txt", "br");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-encoding")).toBeNull();
  expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  expect(bytes.equals(file("robots.txt"))).toBe(true);
});
