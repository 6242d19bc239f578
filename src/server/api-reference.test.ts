import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { documentedEndpoints } from "../../tests/support/api-docs";
import { createTestApp, type TestApp } from "../../tests/support/test-app";

// docs/api.md is the API reference; this keeps it true: every route it
// documents under a `### METHOD /api/...` heading exists in the app.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const documented = documentedEndpoints();

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

describe("docs/api.md", () => {
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
