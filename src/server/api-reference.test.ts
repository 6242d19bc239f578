import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { inspectRoutes } from "hono/dev";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describedEndpoints, documentedEndpoints } from "#tests/support/api-docs";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { renderOpenApiDocument } from "./openapi/document";

// /api/openapi.json is the API reference and docs/api.md its prose; this keeps
// both true: the document is valid OpenAPI 3.1, every route the app mounts
// under /api is in it, every endpoint in it exists, and docs/api.md has a
// `### METHOD /api/...` section for exactly those endpoints.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const document = renderOpenApiDocument();
const documented = documentedEndpoints(document);
const sorted = (endpoints: Iterable<string>) => [...endpoints].sort();

/** The response's error code, if it is an API error. */
async function errorCode(response: Response): Promise<string | null> {
  if (!response.headers.get("content-type")?.includes("application/json")) return null;
  const body = (await response.json()) as { error?: { code?: string } } | null;
  return body?.error?.code ?? null;
}

function ask(endpoint: string) {
  const [method = "GET", template = ""] = endpoint.split(" ");
  // Path parameters get an id nobody has: the route must exist even when the record doesn't.
  const path = template.replace(/:[A-Za-z]+/g, "00000000-no-such-id");
  return t.request(path, { method, ...(method === "GET" ? {} : { body: {} }) });
}

async function validate(candidate: Record<string, unknown>) {
  return new Validator().validate(candidate);
}

describe("/api/openapi.json", () => {
  test("is the rendered document, and it validates as OpenAPI 3.1", async () => {
    const response = await t.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const served = (await response.json()) as Record<string, unknown>;
    expect(served).toEqual(document);
    expect(await validate(served)).toEqual({ valid: true });
    expect(document.openapi).toBe("3.1.0");
  });

  test("the validator refuses a broken document, so the check above can fail", async () => {
    const broken = { ...document, paths: { "/api/x": { get: { responses: "none" } } } };
    expect((await validate(broken)).valid).toBe(false);
  });

  test("documents the endpoints of PRODUCT.md §5 and more than a handful", () => {
    expect(documented.length).toBeGreaterThan(20);
    expect(documented).toEqual(
      expect.arrayContaining([
        "POST /api/bookings",
        "PATCH /api/bookings/:id",
        "DELETE /api/users/:id",
        "GET /api/categories/:id/bikes",
      ]),
    );
  });

  test("documents every route the app mounts under /api (and /metrics), and no other", () => {
    const mounted = inspectRoutes(t.app)
      .filter(
        (route) =>
          !route.isMiddleware && (route.path.startsWith("/api/") || route.path === "/metrics"),
      )
      .map((route) => `${route.method} ${route.path}`);
    // Two catch-alls: better-auth's own routes, and the ROUTE_NOT_FOUND answer.
    expect(mounted.filter((route) => route.startsWith("ALL "))).toEqual([
      "ALL /api/auth/*",
      "ALL /api/*",
    ]);
    const explicit = mounted.filter((route) => !route.startsWith("ALL "));
    // The better-auth routes behind the catch-all are proved to exist below.
    const behindAuthCatchAll = documented.filter(
      (endpoint) => endpoint.includes(" /api/auth/") && !explicit.includes(endpoint),
    );
    expect(behindAuthCatchAll.length).toBeGreaterThan(0);
    expect(sorted(explicit)).toEqual(
      sorted(documented.filter((endpoint) => !behindAuthCatchAll.includes(endpoint))),
    );
  });

  test("an undocumented route responds ROUTE_NOT_FOUND, so the check below can fail", async () => {
    expect(await errorCode(await ask("GET /api/no-such-thing"))).toBe("ROUTE_NOT_FOUND");
    expect(await errorCode(await ask("DELETE /api/categories/:id"))).toBe("ROUTE_NOT_FOUND");
    expect(await errorCode(await ask("POST /api/auth/no-such-thing"))).toBe("ROUTE_NOT_FOUND");
  });

  test.each(documented)("%s exists", async (endpoint) => {
    const response = await ask(endpoint);
    expect(await errorCode(response)).not.toBe("ROUTE_NOT_FOUND");
  });
});

describe("docs/api.md", () => {
  test("has a section for each documented endpoint, and none for another", () => {
    expect(sorted(describedEndpoints())).toEqual(sorted(documented));
  });

  test("links to the document and its reference page", () => {
    const text = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
    expect(text).toContain("/api/openapi.json");
    expect(text).toContain("/api/docs");
  });
});
