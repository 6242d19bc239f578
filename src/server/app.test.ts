import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { isErrorBody } from "../shared/errors";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function expectErrorShape(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  expect(isErrorBody(body)).toBe(true);
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
}

describe("every API error has the one error shape", () => {
  test.each(["/api/nope", "/api/categories/extra/segments", "/api/auth/no-such-route"])(
    "unknown path %s is a 404 in JSON, not the web page",
    async (apiPath) => {
      await expectErrorShape(await t.request(apiPath), 404, "ROUTE_NOT_FOUND");
    },
  );

  test("an unknown path with a write method is a 404 too", async () => {
    await expectErrorShape(
      await t.request("/api/nope", { method: "DELETE" }),
      404,
      "ROUTE_NOT_FOUND",
    );
  });

  test("malformed JSON on sign-up is a 400", async () => {
    const response = await t.request("/api/auth/sign-up/email", { body: '{"name": "A",' });
    await expectErrorShape(response, 400, "BAD_REQUEST");
  });

  const overOneMiB = JSON.stringify({ name: "x".repeat(1024 * 1024) });
  test("a body over 1 MiB is a 413, whether or not it announces its length", async () => {
    const announced = await t.request("/api/auth/sign-up/email", {
      body: overOneMiB,
      headers: { "content-length": String(Buffer.byteLength(overOneMiB)) },
    });
    await expectErrorShape(announced, 413, "PAYLOAD_TOO_LARGE");
    const streamed = await t.request("/api/auth/sign-up/email", { body: overOneMiB });
    await expectErrorShape(streamed, 413, "PAYLOAD_TOO_LARGE");
  });

  test("a body just under 1 MiB is read, not refused for size", async () => {
    const body = JSON.stringify({ name: "x".repeat(1024 * 1024 - 100) });
    const response = await t.request("/api/auth/sign-up/email", { body });
    // Refused for its content (the fields), which proves it was read.
    await expectErrorShape(response, 400, "VALIDATION_FAILED");
  });
});

describe("security headers", () => {
  test.each(["/api/categories", "/api/nope", "/some/page"])("are set on %s", async (urlPath) => {
    const response = await t.request(urlPath);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("paths outside /api belong to the web app", () => {
  test("without a build they respond 503 with a hint, not an API error", async () => {
    const response = await t.request("/title/some-category");
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/not built/i);
  });

  describe("with a build", () => {
    let built: TestApp;
    let clientDir: string;
    beforeAll(async () => {
      clientDir = mkdtempSync(path.join(tmpdir(), "reride-client-"));
      writeFileSync(path.join(clientDir, "index.html"), '<!doctype html><div id="root"></div>');
      built = await createTestApp({}, { clientDir });
    });
    afterAll(async () => {
      await built?.close();
      rmSync(clientDir, { recursive: true, force: true });
    });

    // An unknown path is the app's not-found page, rendered by the server with its status.
    test.each([
      ["/", 200],
      ["/title/abc", 200],
      ["/no/such/page", 404],
    ])("%s gets the app's HTML, whose router handles it (%i)", async (urlPath, status) => {
      const response = await built.request(urlPath);
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    });

    test("/api paths still get JSON errors", async () => {
      await expectErrorShape(await built.request("/api/nope"), 404, "ROUTE_NOT_FOUND");
    });
  });
});
