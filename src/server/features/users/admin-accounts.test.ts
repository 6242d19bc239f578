import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApp } from "#src/server/app";
import { bootstrap } from "#src/server/bootstrap";
import { loadEnv } from "#src/server/env";
import { createLogger } from "#src/server/logger";
import type { ErrorBody } from "#src/shared/errors";
import type { User } from "#src/shared/schemas/users";
import { signIn, signUp } from "#tests/support/accounts";
import { TEST_PASSWORD } from "#tests/support/builders/account";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  requestInit,
  type TestApp,
  testEnvSource,
} from "#tests/support/test-app";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/** Listed second, so the old seed (first address only) would have left it to a sign-up. */
const SECOND_ADMIN = "ops@reride.test";

async function me(t: Pick<TestApp, "request">, cookie: string): Promise<User> {
  const response = await t.request("/api/me", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as User;
}

describe("admin accounts come from the operator, never from a sign-up", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: `${ADMIN_EMAIL}, ${SECOND_ADMIN}` });
  });
  afterAll(() => t?.close());

  test("every listed address has an admin account from the start", async () => {
    for (const email of [ADMIN_EMAIL, SECOND_ADMIN]) {
      const cookie = await signIn(t, { email, password: ADMIN_PASSWORD });
      expect(await me(t, cookie)).toMatchObject({ email, role: "admin" });
    }
  });

  test.each([SECOND_ADMIN, SECOND_ADMIN.toUpperCase(), ADMIN_EMAIL.toUpperCase()])(
    "a sign-up with the listed address %s is refused as a taken address",
    async (email) => {
      const response = await t.request("/api/auth/sign-up/email", {
        body: { name: "Impostor", email, password: TEST_PASSWORD, accountType: "seller" },
      });
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorBody).error.code).toBe("EMAIL_TAKEN");
    },
  );
});

describe("an address listed after someone signed up with it", () => {
  const LATER = "later-admin@reride.test";
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  /** One start of the app on the shared database with these overrides; `use` runs while it serves. */
  async function started<T>(
    overrides: Record<string, string>,
    use: (t: Pick<TestApp, "request">) => Promise<T>,
  ): Promise<T> {
    const env = loadEnv(testEnvSource(database, overrides));
    const { deps, database: handle } = await bootstrap(env, createLogger(env.logLevel));
    const app = createApp(deps);
    try {
      return await use({
        request: async (path, options) => app.request(path, requestInit(env, options)),
      });
    } finally {
      await handle.close();
    }
  }

  test("gets no admin rights, and the real admin can delete it", async () => {
    await started({}, (t) => signUp(t, { email: LATER, accountType: "seller" }));
    await started({ ADMIN_EMAILS: `${ADMIN_EMAIL},${LATER}` }, async (t) => {
      const impostor = await signIn(t, { email: LATER });
      const user = await me(t, impostor);
      expect(user.role).toBe("user");
      expect((await t.request("/api/users?accountType=buyer", { cookie: impostor })).status).toBe(
        403,
      );
      const admin = await signIn(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      const sellers = await t.request("/api/users?accountType=seller", { cookie: admin });
      const listed = ((await sellers.json()) as { items: User[] }).items.find(
        (u) => u.id === user.id,
      );
      expect(listed?.role).toBe("user");
      const deleted = await t.request(`/api/users/${user.id}`, { method: "DELETE", cookie: admin });
      expect(deleted.status).toBe(204);
    });
    // The next start makes the operator's own account for the freed address.
    await started({ ADMIN_EMAILS: `${ADMIN_EMAIL},${LATER}` }, async (t) => {
      const cookie = await signIn(t, { email: LATER, password: ADMIN_PASSWORD });
      expect((await me(t, cookie)).role).toBe("admin");
    });
  });

  test("is claimed by the operator when it accepts ADMIN_PASSWORD", async () => {
    const OWN = "own-admin@reride.test";
    await started({}, (t) => signUp(t, { email: OWN, password: TEST_PASSWORD }));
    await started(
      { ADMIN_EMAILS: `${ADMIN_EMAIL},${OWN}`, ADMIN_PASSWORD: TEST_PASSWORD },
      async (t) => {
        const cookie = await signIn(t, { email: OWN });
        expect((await me(t, cookie)).role).toBe("admin");
      },
    );
  });
});
