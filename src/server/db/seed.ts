import { randomBytes, randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { categoryNames } from "../../shared/schemas/categories";
import type { Auth } from "../auth";
import { searchColumns } from "../catalog/search-text";
import type { Env } from "../env";
import { type DatabaseHandle, toBool } from "./database";
import { demoListings, demoSellers } from "./demo-listings";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * First start: the three categories and a set of demo listings. Every start:
 * make sure every ADMIN_EMAILS account exists. Safe to run again.
 */
export async function seedDatabase(handle: DatabaseHandle, auth: Auth, env: Env, logger: Logger) {
  await ensureAdminAccounts(handle, auth, env, logger);
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
          mileageKm: listing.mileageKm,
          modelYear: listing.modelYear,
          engineCc: listing.engineCc,
          condition: listing.condition,
          papersUpToDate: listing.papersUpToDate ? 1 : 0,
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

/**
 * Every ADMIN_EMAILS address gets an account made here, by the operator's
 * configuration, with its e-mail marked verified: admin rights need a
 * verified address (middleware/session.ts), and a sign-up never has one.
 * An unverified account already holding a listed address (signed up before
 * the address was listed) becomes admin when it proves the address: by
 * accepting ADMIN_PASSWORD here, or by its owner confirming the address with
 * the link ReRide mails (whoever reads that mailbox is who the operator
 * named). Until then it is an ordinary account, and the log says so.
 */
async function ensureAdminAccounts(handle: DatabaseHandle, auth: Auth, env: Env, logger: Logger) {
  const verified = handle.dialect === "postgres" ? true : 1;
  const created: string[] = [];
  let password = env.adminPassword;
  for (const email of env.adminEmails) {
    const found = await handle.db
      .selectFrom("users")
      .select(["id", "emailVerified"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .executeTakeFirst();
    if (found && toBool(found.emailVerified)) continue;
    if (found) {
      if (env.adminPassword && (await acceptsPassword(auth, found.id, env.adminPassword))) {
        await markEmailVerified(handle, found.id, verified);
        logger.info({ email }, "claimed the listed admin account with ADMIN_PASSWORD");
      } else {
        logger.warn(
          { email },
          "an account signed up with this ADMIN_EMAILS address before it was listed has no admin rights until the address is confirmed (the link in its confirmation mail); to claim it now, set ADMIN_PASSWORD to its password for one start, or delete it",
        );
      }
      continue;
    }
    password ??= randomBytes(12).toString("base64url");
    const id = await createAccount(auth, {
      name: "Administrator",
      email,
      password,
      accountType: "buyer",
    });
    await markEmailVerified(handle, id, verified);
    created.push(email);
  }
  if (created.length === 0) return;
  if (env.adminPassword) {
    logger.info({ emails: created }, "created the admin accounts with ADMIN_PASSWORD");
  } else {
    // Printed once, on purpose: this is the only time the password exists in clear.
    process.stdout.write(
      `\nCreated the admin account${created.length > 1 ? "s" : ""}.\n  email:    ${created.join(", ")}\n  password: ${password}\nSet ADMIN_PASSWORD to choose it yourself. This is shown only once.\n\n`,
    );
  }
}

async function markEmailVerified(handle: DatabaseHandle, userId: string, value: boolean | 1) {
  await handle.db
    .updateTable("users")
    .set({ emailVerified: value })
    .where("id", "=", userId)
    .execute();
}

async function acceptsPassword(auth: Auth, userId: string, password: string) {
  const context = await auth.$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((account) => account.providerId === "credential")?.password;
  return hash ? context.password.verify({ hash, password }) : false;
}

async function createAccount(
  auth: Auth,
  input: { name: string; email: string; password: string; accountType: "seller" | "buyer" },
): Promise<string> {
  const result = await auth.api.signUpEmail({ body: input });
  return result.user.id;
}
