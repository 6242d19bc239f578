import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PublicConfig } from "#src/shared/schemas/config";
import { createTestApp, type EnvOverrides, type TestApp } from "#tests/support/test-app";

const googleKeys = { GOOGLE_CLIENT_ID: "client-id", GOOGLE_CLIENT_SECRET: "client-secret" };

describe.each<[string, EnvOverrides, PublicConfig["googleSignIn"]]>([
  ["without Google configuration", {}, null],
  ["with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET", googleKeys, "social"],
])("GET /api/config %s", (_label, overrides, googleSignIn) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...overrides, CURRENCY: "EUR" });
  });
  afterAll(() => t?.close());

  test(`reports googleSignIn ${String(googleSignIn)} and the deployment's currency`, async () => {
    const response = await t.request("/api/config");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ currency: "EUR", googleSignIn });
  });

  test(
    googleSignIn ? "Google sign-in starts at accounts.google.com" : "Google sign-in is refused",
    async () => {
      const response = await t.request("/api/auth/sign-in/social", {
        body: { provider: "google", callbackURL: `${t.env.publicUrl}/` },
      });
      if (!googleSignIn) {
        expect(response.status).toBe(404);
        return;
      }
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      const authorize = new URL(url);
      expect(authorize.origin).toBe("https://accounts.google.com");
      expect(authorize.searchParams.get("client_id")).toBe("client-id");
      expect(authorize.searchParams.get("redirect_uri")).toBe(
        `${t.env.publicUrl}/api/auth/callback/google`,
      );
    },
  );
});
