import { randomBytes } from "node:crypto";
import type { RegisterInput } from "#src/shared/schemas/auth";

export const TEST_PASSWORD = "correct-horse-42";

/** An address no other test in the run uses. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.test`;
}

/** A complete, valid registration nobody has used yet; override any field. */
export function buildAccount(overrides: Partial<RegisterInput> = {}): RegisterInput {
  const accountType = overrides.accountType ?? "buyer";
  return {
    name: "Test Rider",
    email: uniqueEmail(accountType),
    password: TEST_PASSWORD,
    accountType,
    ...overrides,
  };
}
