import { execFileSync } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cookieOf, type ServerProcess, startServerProcess } from "#tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * PROCESSES=2 (processes.ts): one port, two server processes. Every request
 * below opens a new connection, so the primary hands them to the workers in
 * turn: each worker's session cache gets warmed, and each must drop it when
 * the other ends the session.
 */
let database: TestDatabase;
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    env: { PROCESSES: "2" },
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** The server processes under the primary (not tsx's helpers). */
function workerPids(primary: number): number[] {
  const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(primary)], {
    encoding: "utf8",
  }).trim();
  return lines
    .split("\n")
    .filter((line) => line.includes("src/server/main.ts"))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

async function signUpOn(accountType: "seller" | "buyer"): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      name: "Two Process",
      email: `${accountType}-${Date.now()}-${Math.random().toString(36).slice(2)}@processes.test`,
      password: "correct-horse-42",
      accountType,
    }),
  });
  expect(response.status).toBe(200);
  return cookieOf(response);
}

interface RawResponse {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A request on a connection of its own. */
function onNewConnection(path: string, cookie: string, method = "GET", body?: string) {
  const url = new URL(path, server.url);
  return new Promise<RawResponse>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          cookie,
          origin: server.url,
          ...(body ? { "content-type": "application/json" } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("PROCESSES=2", () => {
  test("runs two server processes on the one port", () => {
    expect(workerPids(server.pid)).toHaveLength(2);
  });

  test("signing out through one process ends the session both have cached", async () => {
    const cookie = await signUpOn("buyer");
    for (let index = 0; index < 6; index++) {
      expect((await onNewConnection("/api/me", cookie)).status).toBe(200);
    }
    expect((await onNewConnection("/api/auth/sign-out", cookie, "POST", "{}")).status).toBe(200);
    for (let index = 0; index < 6; index++) {
      expect((await onNewConnection("/api/me", cookie)).status).toBe(401);
    }
  });

  test("a bike booked through one process is booked in every response after, replayed ones too", async () => {
    const seller = await signUpOn("seller");
    const buyer = await signUpOn("buyer");
    const watcher = await signUpOn("buyer");
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as Array<{
      id: string;
    }>;
    const categoryPage = `/api/categories/${categories[0]?.id}/bikes`;
    const listed = await onNewConnection(
      "/api/bikes",
      seller,
      "POST",
      JSON.stringify({
        title: "Replayed until booked",
        name: "Duke 250",
        categoryId: categories[0]?.id,
        imageUrl: "https://example.com/duke.jpg",
        location: "Sylhet",
        yearsOfUse: 1,
        mileageKm: 12000,
        modelYear: 2023,
        engineCc: 250,
        condition: "good",
        papersUpToDate: true,
        originalPrice: 3000,
        resalePrice: 2500,
        phone: "+8801700000001",
      }),
    );
    expect(listed.status).toBe(201);
    const bikeId = (JSON.parse(listed.body) as { id: string }).id;
    const statusOnPage = async () => {
      const page = await onNewConnection(categoryPage, watcher);
      expect(page.status).toBe(200);
      const { items } = JSON.parse(page.body) as { items: Array<{ id: string; status: string }> };
      return { status: items.find((item) => item.id === bikeId)?.status, headers: page.headers };
    };
    // Six reads over new connections: both workers respond, the later ones from their caches.
    for (let index = 0; index < 6; index++) {
      const { status, headers } = await statusOnPage();
      expect(status).toBe("available");
      expect(headers["content-security-policy"]).toContain("default-src 'self'");
      expect(headers["x-request-id"]).toMatch(/^[\w-]+$/);
      expect(headers.etag).toMatch(/^"[\w-]+"$/);
    }
    const booked = await onNewConnection(
      "/api/bookings",
      buyer,
      "POST",
      JSON.stringify({ bikeId, phone: "+8801911000002", meetingLocation: "Zindabazar" }),
    );
    expect(booked.status).toBe(201);
    for (let index = 0; index < 6; index++) expect((await statusOnPage()).status).toBe("booked");
  });

  test("SIGTERM stops the primary and every worker", async () => {
    const workers = workerPids(server.pid);
    await server.stop();
    expect((await server.exited).code).toBe(0);
    for (const pid of workers) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
  }, 30_000);
});
