import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#src/server/db/database";
import type { BenchDatabase } from "./databases";
import { type EndpointPlan, type LoadSettings, type Measured, measure } from "./load";
import { type MixedRow, runMixed } from "./mixed";
import { ROOT, type Running, startNode } from "./processes";
import { type ReRide, signUp, startReRide } from "./reride";

/**
 * The HTTP half of the bench on one database: ReRide signed in, the three
 * comparison servers on the same data, and wrk on every endpoint issue 5
 * names. Bodies for the limit server are ReRide's own answers, captured first.
 */

export const SEARCH_PATH = "/api/bikes?q=duke%20390";
/** Endpoints measured on one process and on one per core (targets.ts reads them). */
export const PROCESSES_PREFIX = "processes: ";

export interface HttpSuiteResult {
  db: string;
  bikes: number;
  measured: Measured[];
  /** Size of ReRide's category-page answer (the limit server sends the same bytes). */
  categoryBodyBytes: number;
  /** The mixed workload: reads while other users write (mixed.ts). */
  mixed: MixedRow[];
  notes: string[];
}

export async function runHttpSuite(
  database: BenchDatabase,
  settings: LoadSettings,
  logLevel: string,
  log: (line: string) => void,
): Promise<HttpSuiteResult> {
  const notes: string[] = [];
  const scratch = mkdtempSync(path.join(tmpdir(), "reride-bench-http-"));
  const servers: Running[] = [];
  try {
    const reride = await startReRide(database, logLevel);
    servers.push(reride);
    const categoryPath = `/api/categories/${database.categoryIds.KTM}/bikes`;
    const get = async (route: string) => {
      const response = await fetch(`${reride.url}${route}`, { headers: { cookie: reride.cookie } });
      return { status: response.status, body: await response.text() };
    };
    const category = await get(categoryPath);
    if (category.status !== 200) throw new Error(`${categoryPath} answered ${category.status}`);
    const bodies = {
      [categoryPath]: category.body,
      "/api/categories": (await get("/api/categories")).body,
      "/api/bikes/advertised": (await get("/api/bikes/advertised")).body,
    };
    const bodiesFile = path.join(scratch, "bodies.json");
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const firstBike = (JSON.parse(category.body) as { items: Array<{ id: string }> }).items[0];
    const search = await get(SEARCH_PATH);

    const dbEnv = { BENCH_DATABASE_URL: database.url };
    const limit = await startNode(
      "(a) limit",
      "bench/servers/limit.ts",
      { BODIES_FILE: bodiesFile },
      "/health",
    );
    servers.push(limit);
    const bare = await startNode("(b) bare query", "bench/servers/bare-query.ts", dbEnv, "/health");
    servers.push(bare);
    const express = await startNode(
      "(c) Express",
      "bench/servers/express.ts",
      { ...dbEnv, SESSION_COOKIE_NAME: reride.sessionCookieName },
      "/health",
    );
    servers.push(express);
    // The category page with every cache missing: what a request after a write costs.
    const uncached = await startReRide(database, logLevel, { uncached: true, signedInAs: reride });
    servers.push(uncached);
    // Each must answer the request it will be measured on with 200 (Express: the session too).
    for (const server of [limit, bare, express, uncached]) {
      const response = await fetch(`${server.url}${categoryPath}`, {
        headers: { cookie: reride.cookie },
      });
      if (response.status !== 200) throw new Error(`${server.name} answered ${response.status}`);
    }

    const headers = { Cookie: reride.cookie };
    const at = (server: Running, route: string) => ({
      label: server.name,
      url: `${server.url}${route}`,
    });
    const plans: EndpointPlan[] = [
      {
        endpoint: "category page",
        kind: "read",
        headers,
        contenders: [
          at(reride, categoryPath),
          at(limit, categoryPath),
          at(bare, categoryPath),
          at(express, categoryPath),
          at(uncached, categoryPath),
        ],
      },
      {
        endpoint: "GET /api/categories",
        kind: "read",
        headers,
        contenders: [at(reride, "/api/categories"), at(limit, "/api/categories")],
      },
      {
        endpoint: "home: advertised bikes",
        kind: "read",
        headers,
        contenders: [at(reride, "/api/bikes/advertised"), at(limit, "/api/bikes/advertised")],
      },
    ];
    if (search.status === 200) {
      plans.push({
        endpoint: "search",
        kind: "read",
        headers,
        contenders: [at(reride, SEARCH_PATH)],
      });
    } else {
      notes.push(
        `Search skipped: GET ${SEARCH_PATH} answered ${search.status} (not mounted yet?).`,
      );
    }
    if (firstBike) {
      plans.push({
        endpoint: "bike page",
        kind: "read",
        headers,
        contenders: [at(reride, `/api/bikes/${firstBike.id}`)],
      });
    }
    const bikeIdsFile = path.join(scratch, "bikes.txt");
    writeFileSync(bikeIdsFile, (await bookableBikes(database)).join("\n"));
    // Fifty people booking at once, not one person on fifty tabs: one buyer's
    // bookings wait for each other by design (bookings.queries.ts).
    const buyers: Array<{ id: string; cookie: string }> = [];
    // As many buyers as wrk has connections.
    for (let i = 0; i < settings.connections; i++) buyers.push(await signUp(reride.url, "buyer"));
    const buyersFile = path.join(scratch, "buyers.txt");
    writeFileSync(buyersFile, buyers.map((buyer) => `${buyer.id}\t${buyer.cookie}`).join("\n"));
    plans.push({
      endpoint: "booking mix (create + cancel)",
      kind: "write",
      headers,
      contenders: [at(reride, "/api/bookings")],
      script: {
        file: path.join(ROOT, "bench/wrk/booking-mix.lua"),
        args: [bikeIdsFile, path.join(scratch, "booking-mix.state"), buyersFile],
      },
      // A run ends with bookings made and not yet cancelled. Left pending, they were
      // answered 409 once a fast machine went round the list of bikes in a later run.
      afterEachRun: () => cancelLeftOverBookings(reride.url, buyers),
    });

    const measured: Measured[] = [];
    for (const plan of plans) {
      log(`  ${database.kind} ${database.bikes.toLocaleString("en")}: ${plan.endpoint}`);
      measured.push(...(await measure(plan, settings, log)));
    }

    // Both cores: the same reads from ReRide with PROCESSES=<cores>, interleaved with one process.
    const cores = availableParallelism();
    let many: ReRide | null = null;
    if (cores > 1) {
      many = await startReRide(database, logLevel, { processes: cores, signedInAs: reride });
      servers.push(many);
      for (const [endpoint, route] of [
        ["category page", categoryPath],
        ["search", SEARCH_PATH],
      ] as const) {
        const plan: EndpointPlan = {
          endpoint: `${PROCESSES_PREFIX}${endpoint}`,
          kind: "read",
          headers,
          contenders: [at(reride, route), at(many, route)],
        };
        log(`  ${database.kind} ${database.bikes.toLocaleString("en")}: ${plan.endpoint}`);
        measured.push(...(await measure(plan, settings, log)));
      }
    } else {
      notes.push("One core: the multi-process comparison was skipped.");
    }

    // Reads while other users write, on one process and on one per core (issue 16).
    const mixed = await runMixed(
      database,
      many ? [reride, many] : [reride],
      {
        category: categoryPath,
        search: search.status === 200 ? SEARCH_PATH : null,
        bike: firstBike ? `/api/bikes/${firstBike.id}` : null,
      },
      settings,
      log,
    );
    return {
      db: database.kind,
      bikes: database.bikes,
      measured,
      categoryBodyBytes: Buffer.byteLength(category.body),
      mixed,
      notes,
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Available bikes in a fixed order, enough that none comes round again within one bench run. */
async function bookableBikes(database: BenchDatabase): Promise<string[]> {
  const handle = openDatabase(database.config);
  try {
    const rows = await handle.db
      .selectFrom("bikes")
      .select("id")
      .where("status", "=", "available")
      .orderBy("id")
      .limit(50_000)
      .execute();
    return rows.map((row) => row.id);
  } finally {
    await handle.close();
  }
}

/**
 * A run of the mix ends with some bookings made and not yet cancelled: cancel
 * them, so the bikes are available again. Each buyer books and cancels one at
 * a time and every earlier run's leftovers were cancelled, so what is left
 * pending is among the buyer's newest: the first page of their bookings.
 */
async function cancelLeftOverBookings(url: string, buyers: ReadonlyArray<{ cookie: string }>) {
  for (const { cookie } of buyers) {
    const headers = { cookie, "content-type": "application/json" };
    const response = await fetch(`${url}/api/me/bookings?limit=50`, { headers });
    if (!response.ok) throw new Error(`GET /api/me/bookings answered ${response.status}`);
    const { items } = (await response.json()) as { items: Array<{ id: string; status: string }> };
    for (const booking of items.filter((item) => item.status === "pending")) {
      const cancelled = await fetch(`${url}/api/bookings/${booking.id}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ status: "cancelled" }),
      });
      // 409: the run's own cancel, still on its way when wrk stopped, got there first.
      if (!cancelled.ok && cancelled.status !== 409) {
        throw new Error(`cancelling a left-over booking answered ${cancelled.status}`);
      }
    }
  }
}
