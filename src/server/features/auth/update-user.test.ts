import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { User } from "#src/shared/schemas/users";
import { signUp } from "#tests/support/accounts";
import { createTestApp, type TestApp } from "#tests/support/test-app";

/** better-auth's POST /api/auth/update-user: what it stores must obey the app's rules. */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t, { name: "Nadia Rider" });
});
afterAll(() => t?.close());

function updateUser(body: unknown) {
  return t.request("/api/auth/update-user", { method: "POST", body, cookie });
}

async function storedName(): Promise<string> {
  const response = await t.request("/api/me", { cookie });
  return ((await response.json()) as User).name;
}

describe("update-user", () => {
  test("stores the trimmed name it checked, not the padded one", async () => {
    const response = await updateUser({ name: `  Nadia${" ".repeat(200_000)}` });
    expect(response.status).toBe(200);
    expect(await storedName()).toBe("Nadia");
  });

  test.each([
    "Nadia\u0000",
    "Na\u0007dia",
    "Nadia\u001b[31m",
    "Na\ndia",
    "Nadia\u009b",
    "Na\uD800dia",
  ])("refuses a name with a control or broken character (%j)", async (name) => {
    const response = await updateUser({ name });
    expect(response.status).toBe(400);
    expect(await storedName()).toBe("Nadia");
  });

  test.each([
    { a: 1 },
    ["x"],
    42,
    "javascript:alert(1)",
    "/uploads/../api/me",
    `https://${"x".repeat(3000)}`,
  ])("refuses an image that is not an https link (case %#)", async (image) => {
    const response = await updateUser({ name: "Nadia", image });
    expect(response.status).toBe(400);
  });

  test("accepts an https image link or none", async () => {
    expect((await updateUser({ image: "https://example.test/me.jpg" })).status).toBe(200);
    expect((await updateUser({ image: null })).status).toBe(200);
  });
});
