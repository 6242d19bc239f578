import type { AccountType } from "#src/shared/schemas/auth";
import type { User } from "#src/shared/schemas/users";
import { signIn, signUp } from "#tests/support/accounts";
import { uniqueEmail } from "#tests/support/builders/account";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from "./test-app";

/** A signed-in account: who it is and the Cookie header its browser sends. */
export interface Person {
  id: string;
  name: string;
  email: string;
  accountType: AccountType;
  cookie: string;
}

/** Registers a new account through the public API and signs it in. */
export async function newPerson(
  t: TestApp,
  accountType: AccountType,
  name = accountType === "seller" ? "Sam Seller" : "Bea Buyer",
): Promise<Person> {
  const email = uniqueEmail(accountType);
  const cookie = await signUp(t, { accountType, name, email });
  return { ...(await whoIs(t, cookie)), cookie };
}

/** Several new accounts, registered `batch` at a time (password hashing is CPU-bound). */
export async function newPeople(
  t: TestApp,
  accountType: AccountType,
  count: number,
  batch = 5,
): Promise<Person[]> {
  const people: Person[] = [];
  while (people.length < count) {
    const size = Math.min(batch, count - people.length);
    const start = people.length;
    people.push(
      ...(await Promise.all(
        Array.from({ length: size }, (_, i) => newPerson(t, accountType, `Rider ${start + i + 1}`)),
      )),
    );
  }
  return people;
}

/** The first-start administrator (ADMIN_EMAILS), a buyer account. */
export async function theAdmin(t: TestApp): Promise<Person> {
  const cookie = await signIn(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  return { ...(await whoIs(t, cookie)), cookie };
}

export async function whoIs(t: TestApp, cookie: string): Promise<User> {
  const response = await t.request("/api/me", { cookie });
  if (response.status !== 200) {
    throw new Error(`GET /api/me answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as User;
}
