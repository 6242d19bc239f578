import { randomUUID } from "node:crypto";
import { type Insertable, sql } from "kysely";
import { searchColumns } from "#src/server/catalog/search-text";
import type { AppDb, Dialect } from "#src/server/db/database";
import { priceStatsMigration } from "#src/server/db/migrations/005-price-stats";
import { categoryCountsMigration } from "#src/server/db/migrations/007-category-counts";
import { searchWordsMigration } from "#src/server/db/migrations/008-search-words";
import type { BookingsTable, NewBike, UsersTable, WishlistTable } from "#src/server/db/tables";
import { type CategoryName, categoryNames } from "#src/shared/schemas/categories";
import { loadConversations, TalkedAbout } from "./generate-conversations";
import { loadTransaction } from "./load-transaction";
import {
  BRAND,
  DESCRIPTIONS,
  FIRST_NAMES,
  LAST_NAMES,
  LOCATIONS,
  MODELS,
  type Random,
  randomSource,
  SHOP_SUFFIXES,
  TITLE_PHRASES,
} from "./vocabulary";

/**
 * Fills a freshly migrated database with `bikes` listings, written through
 * Kysely into the app's real tables, so every trigger (full-text index,
 * fair-price statistics) and every index does its usual work on each row.
 * Multi-row inserts, a transaction per chunk: a million bikes in minutes.
 */

const DAY_MS = 86_400_000;
const CHUNK = 20_000; // rows per transaction
const STATUS_SHARES = { booked: 0.09, sold: 0.05 } as const;

export interface Generated {
  categoryIds: Record<CategoryName, string>;
  /** A buyer with no bookings of its own, for in-process reads. */
  viewerId: string;
  /** The seller with the most conversations: the busiest inbox and badge. */
  busySellerId: string;
}

interface Person {
  id: string;
  name: string;
}

export async function generate(
  db: AppDb,
  dialect: Dialect,
  bikes: number,
  log: (line: string) => void,
): Promise<Generated> {
  const random = randomSource(20_241_122 + bikes);
  const flag = (on: boolean) => (dialect === "postgres" ? on : on ? 1 : 0);
  const now = Date.now();
  if (dialect === "sqlite") {
    // Load-time settings of this connection only; the file's schema is untouched (the app
    // sets WAL again on every open). Random UUID keys touch every page of the primary key:
    // a big page cache keeps it in memory.
    await sql`pragma journal_mode = off`.execute(db);
    await sql`pragma synchronous = off`.execute(db);
    await sql`pragma cache_size = -1048576`.execute(db);
  }

  const categoryIds = Object.fromEntries(categoryNames.map((name) => [name, randomUUID()])) as {
    [name in CategoryName]: string;
  };
  await db
    .insertInto("categories")
    .values(
      categoryNames.map((name, index) => ({
        id: categoryIds[name],
        name,
        logo: `/images/logos/${name.toLowerCase()}.svg`,
        sortOrder: index,
      })),
    )
    .execute();

  // "A few thousand sellers": many with a handful of bikes, at a million a few hundred each.
  const sellerCount = Math.min(3000, Math.max(50, Math.round(bikes / 5)));
  const buyerCount = Math.max(50, Math.round(sellerCount / 2));
  const sellers = people(random, sellerCount, true);
  const buyers = people(random, buyerCount, false);
  const users = [
    ...sellers.map((person, i) => userRow(person, `seller${i}`, "seller", flag, random, now)),
    ...buyers.map((person, i) => userRow(person, `buyer${i}`, "buyer", flag, random, now)),
  ];
  await inChunks(db, dialect, users, 1000, (trx, rows) =>
    trx.insertInto("users").values(rows).execute(),
  );
  log(`  ${sellerCount} sellers, ${buyerCount} buyers`);

  const talkedAbout = new TalkedAbout();
  const rebuildSeconds = await withIndexesDeferred(db, dialect, () =>
    withTriggerKeptTablesDeferred(db, dialect, () =>
      loadBikes(
        db,
        dialect,
        { bikes, random, sellers, buyers, categoryIds, now },
        talkedAbout,
        log,
      ),
    ),
  );
  log(`  indexes built again in ${rebuildSeconds} s`);
  const busySellerId = await loadConversations(db, dialect, talkedAbout, buyers, now, log);
  // PostgreSQL's autovacuum would analyze after a bulk load like this one; do it now so the
  // planner sees the data the way a production database would. SQLite: the app runs no
  // ANALYZE, so none here either (the bench measures what the app would get).
  if (dialect === "postgres") await sql`vacuum analyze`.execute(db);
  if (dialect === "sqlite") await sql`pragma journal_mode = wal`.execute(db);
  return { categoryIds, viewerId: buyers[0]?.id ?? "", busySellerId };
}

interface Population {
  bikes: number;
  random: Random;
  sellers: Person[];
  buyers: Person[];
  categoryIds: Record<CategoryName, string>;
  now: number;
}

/** The bikes, with their bookings and wishlist rows, a transaction per chunk. */
async function loadBikes(
  db: AppDb,
  dialect: Dialect,
  { bikes, random, sellers, buyers, categoryIds, now }: Population,
  talkedAbout: TalkedAbout,
  log: (line: string) => void,
) {
  const started = Date.now();
  let reported = 0;
  for (let from = 0; from < bikes; from += CHUNK) {
    const count = Math.min(CHUNK, bikes - from);
    const bikeRows: NewBike[] = [];
    const bookingRows: Insertable<BookingsTable>[] = [];
    const wishlistRows: Insertable<WishlistTable>[] = [];
    for (let i = 0; i < count; i++) {
      const seller = random.pick(sellers);
      const bike = bikeRow(random, seller.id, categoryIds, now);
      bikeRows.push(bike);
      talkedAbout.add(bike);
      if (bike.status !== "available" || random.next() < 0.02) {
        bookingRows.push(bookingRow(random, bike, seller, random.pick(buyers)));
      }
      // Each bike is wishlisted at most once here, so (userId, bikeId) never repeats.
      if (random.next() < 0.05) {
        wishlistRows.push({
          userId: random.pick(buyers).id,
          bikeId: bike.id,
          addedAt: bike.postedAt,
        });
      }
    }
    await loadTransaction(db, dialect, async (trx) => {
      for (let at = 0; at < bikeRows.length; at += 1000) {
        await trx
          .insertInto("bikes")
          .values(bikeRows.slice(at, at + 1000))
          .execute();
      }
      for (let at = 0; at < bookingRows.length; at += 1000) {
        await trx
          .insertInto("bookings")
          .values(bookingRows.slice(at, at + 1000))
          .execute();
      }
      for (let at = 0; at < wishlistRows.length; at += 2000) {
        await trx
          .insertInto("wishlist")
          .values(wishlistRows.slice(at, at + 2000))
          .execute();
      }
    });
    const done = from + count;
    if (done === bikes || done - reported >= bikes / 10) {
      reported = done;
      const seconds = (Date.now() - started) / 1000;
      log(`  ${done.toLocaleString("en")} bikes (${Math.round(done / seconds)} bikes/s)`);
    }
  }
}

/**
 * The fair-price statistics (005), the category counts (007) and the search
 * vocabulary (008) are kept by triggers on every bike write (a PL/pgSQL upsert per row on PostgreSQL).
 * For the load, the app's own migrations are taken down and brought up again
 * afterwards: each `up` fills its table from the bikes in one statement.
 * Their `up` re-creates the triggers as those migrations first made them,
 * though, and later migrations changed them (020 counts only shown bikes, 026
 * moves work to commit, 014 versions these tables): the triggers as
 * the database had them before the load are put back, so the schema ends
 * exactly as the migrations make it.
 */
async function withTriggerKeptTablesDeferred(
  db: AppDb,
  dialect: Dialect,
  load: () => Promise<void>,
) {
  const migrations = [
    priceStatsMigration(dialect),
    categoryCountsMigration(dialect),
    searchWordsMigration(dialect),
  ];
  const tables = ["bikes", "priceStats", "categoryCounts", "searchWords"];
  const triggers = await triggersOn(db, dialect, tables);
  for (const migration of [...migrations].reverse()) await migration.down(db);
  await load();
  for (const migration of migrations) await migration.up(db);
  for (const { table, name } of await triggersOn(db, dialect, tables)) {
    await sql`drop trigger if exists ${sql.id(name)}${dialect === "postgres" ? sql` on ${sql.table(table)}` : sql``}`.execute(
      db,
    );
  }
  for (const trigger of triggers) {
    if (trigger.functionDefinition) await sql.raw(trigger.functionDefinition).execute(db);
    await sql.raw(trigger.definition).execute(db);
  }
  const described = (list: StoredTrigger[]) =>
    list.map((t) => `${t.table} ${t.name}\n${t.definition}\n${t.functionDefinition}`).sort();
  const restored = await triggersOn(db, dialect, tables);
  if (described(restored).join("\n") !== described(triggers).join("\n")) {
    throw new Error("the bike tables' triggers after the load differ from the migrated ones");
  }
}

interface StoredTrigger {
  table: string;
  name: string;
  /** The statement that makes it, as the database gives it back. */
  definition: string;
  /** PostgreSQL: the statement that makes the function it runs. */
  functionDefinition: string | null;
}

/** The triggers on `tables`, with what re-creates each exactly. */
async function triggersOn(db: AppDb, dialect: Dialect, tables: string[]): Promise<StoredTrigger[]> {
  if (dialect === "postgres") {
    const { rows } = await sql<StoredTrigger>`
      select c.relname as "table", t.tgname as name, pg_get_triggerdef(t.oid) as definition,
        pg_get_functiondef(t.tgfoid) as "functionDefinition"
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relname in (${sql.join(tables)})
        and c.relnamespace = current_schema()::regnamespace
      order by t.oid`.execute(db);
    return rows;
  }
  const { rows } = await sql<StoredTrigger>`
    select tbl_name as "table", name, sql as definition, null as "functionDefinition"
    from sqlite_master where type = 'trigger' and tbl_name in (${sql.join(tables)})
    order by rowid`.execute(db);
  return rows;
}

/**
 * Bulk-load practice: the secondary indexes of the loaded tables are dropped
 * first and built again afterwards from their own stored definitions (sorting
 * once beats a random b-tree insert per row), so the schema ends up exactly as
 * the migrations made it. Primary keys and constraints stay; triggers stay.
 */
async function withIndexesDeferred(db: AppDb, dialect: Dialect, load: () => Promise<void>) {
  const tables = ["bikes", "bookings", "wishlist"];
  const { rows } =
    dialect === "postgres"
      ? await sql<{ name: string; definition: string }>`
          select i.indexname as name, i.indexdef as definition from pg_indexes i
          where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
            and not exists (select 1 from pg_constraint c
                            where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))`.execute(
          db,
        )
      : await sql<{ name: string; definition: string }>`
          select name, sql as definition from sqlite_master
          where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})`.execute(
          db,
        );
  for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(db);
  await load();
  const started = Date.now();
  for (const index of rows) await sql.raw(index.definition).execute(db);
  return Math.round((Date.now() - started) / 1000);
}

function people(random: Random, count: number, shops: boolean): Person[] {
  return Array.from({ length: count }, () => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const name =
      shops && random.next() < 0.3 ? `${first} ${random.pick(SHOP_SUFFIXES)}` : `${first} ${last}`;
    return { id: randomUUID(), name };
  });
}

function userRow(
  person: Person,
  handle: string,
  accountType: "seller" | "buyer",
  flag: (on: boolean) => boolean | number,
  random: Random,
  now: number,
): Insertable<UsersTable> {
  const createdAt = new Date(now - random.int(800, 1500) * DAY_MS).toISOString();
  return {
    id: person.id,
    name: person.name,
    email: `${handle}@bench.reride.test`,
    emailVerified: flag(false),
    image: null,
    accountType,
    verified: flag(accountType === "seller" && random.next() < 0.3),
    createdAt,
    updatedAt: createdAt,
  };
}

function bikeRow(
  random: Random,
  sellerId: string,
  categoryIds: Record<CategoryName, string>,
  now: number,
): NewBike {
  const category = random.pick(categoryNames);
  const model = random.pick(MODELS[category]);
  // Most bikes are a few years old; a few are over a decade.
  const yearsOfUse = Math.floor(random.next() ** 1.6 * 13);
  const originalPrice = Math.round((model.price * (0.9 + random.next() * 0.25)) / 10) * 10;
  const kept = Math.max(0.25, 0.92 - 0.07 * yearsOfUse + (random.next() - 0.5) * 0.2);
  const resalePrice = Math.max(10, Math.round((originalPrice * kept) / 10) * 10);
  const roll = random.next();
  const status =
    roll < STATUS_SHARES.sold
      ? "sold"
      : roll < STATUS_SHARES.sold + STATUS_SHARES.booked
        ? "booked"
        : "available";
  const title = `${BRAND[category]} ${model.name}, ${random.pick(TITLE_PHRASES)}`;
  const location = random.pick(LOCATIONS);
  const postedAt = new Date(now - Math.floor(random.next() * 730 * DAY_MS)).toISOString();
  const details = listingDetails(random, model, yearsOfUse, now);
  return {
    id: randomUUID(),
    sellerId,
    categoryId: categoryIds[category],
    title,
    name: model.name,
    imageUrl: `/images/bikes/${model.image}.svg`,
    location,
    yearsOfUse,
    originalPrice,
    resalePrice,
    phone: `+8801${random.int(3, 9)}${String(random.int(0, 99_999_999)).padStart(8, "0")}`,
    description: random.pick(DESCRIPTIONS),
    status,
    advertised: status === "available" && random.next() < 0.005 ? 1 : 0,
    postedAt,
    updatedAt: postedAt,
    ...searchColumns({ title, name: model.name, location }),
    ...details,
  };
}

/** A share of listings predate the details (null, "not given"), so the sorts meet nulls. */
const WITHOUT_DETAILS = 0.15;
const CONDITIONS = ["excellent", "good", "fair", "needs_work"] as const;

/** Mileage, model year, engine size, condition and papers, plausible for the bike's age. */
function listingDetails(
  random: Random,
  model: { name: string; price: number },
  yearsOfUse: number,
  now: number,
): Pick<NewBike, "mileageKm" | "modelYear" | "engineCc" | "condition" | "papersUpToDate"> {
  if (random.next() < WITHOUT_DETAILS) {
    return {
      mileageKm: null,
      modelYear: null,
      engineCc: null,
      condition: null,
      papersUpToDate: null,
    };
  }
  const named = Number(model.name.match(/\d{3,4}/)?.[0] ?? Number.NaN);
  const engineCc =
    named >= 50 && named <= 2500
      ? named
      : Math.min(1340, Math.max(100, Math.round(model.price / 15)));
  const mileageKm = Math.min(
    500_000,
    Math.round(yearsOfUse * (2000 + random.next() * 10_000) + random.next() * 3000),
  );
  const wear = Math.min(3, Math.floor(yearsOfUse / 4 + random.next() * 1.5));
  return {
    mileageKm,
    modelYear: new Date(now).getUTCFullYear() - yearsOfUse - (random.next() < 0.3 ? 1 : 0),
    engineCc,
    condition: CONDITIONS[wear] ?? "fair",
    papersUpToDate: random.next() < 0.85 ? 1 : 0,
  };
}

/** A booked bike has a pending or accepted booking, a sold one a completed; some available ones a past one. */
function bookingRow(
  random: Random,
  bike: NewBike,
  seller: Person,
  buyer: Person,
): Insertable<BookingsTable> {
  const status =
    bike.status === "sold"
      ? "completed"
      : bike.status === "booked"
        ? random.next() < 0.6
          ? "pending"
          : "accepted"
        : random.next() < 0.5
          ? "cancelled"
          : "declined";
  const discountPercent = random.next() < 0.2 ? 20 : random.next() < 0.1 ? 5 : 0;
  const listedPrice = bike.resalePrice;
  return {
    id: randomUUID(),
    bikeId: bike.id,
    buyerId: buyer.id,
    sellerId: seller.id,
    buyerName: buyer.name,
    sellerName: seller.name,
    phone: `+8801${random.int(3, 9)}${String(random.int(0, 99_999_999)).padStart(8, "0")}`,
    meetingLocation: random.pick(LOCATIONS),
    bikeTitle: bike.title,
    bikeImageUrl: bike.imageUrl,
    listedPrice,
    discountPercent,
    finalPrice: Math.round((listedPrice * (100 - discountPercent)) / 100),
    status,
    createdAt: bike.postedAt,
    updatedAt: bike.postedAt,
  };
}

async function inChunks<T>(
  db: AppDb,
  dialect: Dialect,
  rows: T[],
  size: number,
  insert: (trx: AppDb, rows: T[]) => Promise<unknown>,
): Promise<void> {
  await loadTransaction(db, dialect, async (trx) => {
    for (let at = 0; at < rows.length; at += size) await insert(trx, rows.slice(at, at + size));
  });
}
