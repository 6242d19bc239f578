import { randomBytes, randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { categoryNames } from "../../shared/schemas/categories";
import type { Auth } from "../auth";
import { searchColumns } from "../catalog/search-text";
import type { Env } from "../env";
import type { DatabaseHandle } from "./database";
import { demoListings, demoSellers } from "./demo-listings";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * First start: the three categories and a set of demo listings. Every start:
 * make sure the first ADMIN_EMAILS account exists. Safe to run again.
 */
export async function seedDatabase(handle: DatabaseHandle, auth: Auth, env: Env, logger: Logger) {
  await ensureAdminAccount(handle, auth, env, logger);
  const existing = await handle.db
    .selectFrom("categories")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(existing.count) > 0) return;

  // Demo sellers first, reusing any a crashed earlier start already made:
  // accounts go through better-auth, outside the transaction below.
  const sellerIds = new Map<string, string>();
  for (const seller of demoSellers) {
    const existingSeller = await handle.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", seller.email)
      .executeTakeFirst();
    const userId =
      existingSeller?.id ??
      (await createAccount(auth, {
        name: seller.name,
        email: seller.email,
        // Demo sellers are listing owners only; nobody needs to sign in as them.
        password: randomBytes(18).toString("base64url"),
        accountType: "seller",
      }));
    if (seller.verified) {
      await handle.db
        .updateTable("users")
        .set({ verified: handle.dialect === "postgres" ? true : 1 })
        .where("id", "=", userId)
        .execute();
    }
    sellerIds.set(seller.key, userId);
  }

  // Categories and listings in one transaction: a start that dies midway
  // leaves no categories, so the next start seeds again instead of never.
  await handle.db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, string>();
    for (const [index, name] of categoryNames.entries()) {
      const id = randomUUID();
      categoryIds.set(name, id);
      await trx
        .insertInto("categories")
        .values({ id, name, logo: `/images/logos/${name.toLowerCase()}.svg`, sortOrder: index })
        .execute();
    }
    const now = Date.now();
    for (const listing of demoListings) {
      const postedAt = new Date(now - listing.daysAgo * DAY_MS).toISOString();
      await trx
        .insertInto("bikes")
        .values({
          id: randomUUID(),
          sellerId: sellerIds.get(listing.seller) ?? "",
          categoryId: categoryIds.get(listing.category) ?? "",
          title: listing.title,
          name: listing.name,
          imageUrl: `/images/bikes/${listing.image}.svg`,
          location: listing.location,
          yearsOfUse: listing.yearsOfUse,
          originalPrice: listing.originalPrice,
          resalePrice: listing.resalePrice,
          phone: listing.phone,
          description: listing.description,
          ...searchColumns(listing),
          status: "available",
          advertised: 0,
          postedAt,
          updatedAt: postedAt,
        })
        .execute();
    }
  });
  logger.info({ listings: demoListings.length }, "seeded categories and demo listings");
}

async function ensureAdminAccount(handle: DatabaseHandle, auth: Auth, env: Env, logger: Logger) {
  const email = env.adminEmails[0];
  if (!email) return;
  const found = await handle.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  if (found) return;
  const password = env.adminPassword ?? randomBytes(12).toString("base64url");
  await createAccount(auth, { name: "Administrator", email, password, accountType: "buyer" });
  if (env.adminPassword) {
    logger.info({ email }, "created the admin account with ADMIN_PASSWORD");
  } else {
    // Printed once, on purpose: this is the only time the password exists in clear.
    process.stdout.write(
      `\nCreated the admin account.\n  email:    ${email}\n  password: ${password}\nSet ADMIN_PASSWORD to choose it yourself. This is shown only once.\n\n`,
    );
  }
}

async function createAccount(
  auth: Auth,
  input: { name: string; email: string; password: string; accountType: "seller" | "buyer" },
): Promise<string> {
  const result = await auth.api.signUpEmail({ body: input });
  return result.user.id;
}
