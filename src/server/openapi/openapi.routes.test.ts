import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const bundle = readFileSync(
  createRequire(import.meta.url).resolve("swagger-ui-dist/swagger-ui-bundle.js"),
);

describe("the reference page at /api/docs", () => {
  test("loads its scripts and styles as files: nothing inline for the policy to refuse", async () => {
    const response = await t.request("/api/docs");
    expect(response.status).toBe(200);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes)).toEqual([
      ' src="/api/docs/swagger-ui-bundle.js"',
      ' src="/api/docs/start.js"',
    ]);
    expect(scripts.map(([, , body]) => body)).toEqual(["", ""]);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  test("serves the renderer from its npm package, compressed as the client takes it", async () => {
    const response = await t.request("/api/docs/swagger-ui-bundle.js", {
      headers: { "Accept-Encoding": "gzip, br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(bundle.length / 2);
    expect(brotliDecompressSync(body).equals(bundle)).toBe(true);

    const plain = await t.request("/api/docs/swagger-ui-bundle.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(bundle)).toBe(true);
  });

  test.each(["index.html", "__proto__", "..%2Fpackage.json"])(
    "has no file %s: 404",
    async (name) => {
      const response = await t.request(`/api/docs/${name}`);
      expect(response.status).toBe(404);
    },
  );
});
