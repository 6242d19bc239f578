import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { signUp } from "#tests/support/accounts";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { myBikes } from "#tests/support/listings";
import { apiClient, type ServerProcess, startServerProcess } from "#tests/support/server-process";
import { testServerUrl } from "#tests/support/test-database";

/**
 * Issue 6, point 6: `npm run backup` copies the SQLite database while the
 * app runs and writes keep coming; `npm run restore` puts it into a new data
 * directory; the app started there has the data. SQLite only: PostgreSQL is
 * backed up with pg_dump (README), so the PostgreSQL pass skips this file.
 */
const REPO = fileURLToPath(new URL("../..", import.meta.url));
const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "reride-backup-"));
  dirs.push(dir);
  return dir;
}

/** Runs `npm run <script>`'s command the way npm would, with DATA_DIR set. */
function run(script: "backup" | "restore", dataDir: string, args: string[] = []) {
  const result = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: REPO,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", AUTH_SECRET: "x".repeat(32) },
    encoding: "utf8",
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe.skipIf(testServerUrl())("SQLite backup and restore", () => {
  test("a backup taken during writes restores into a new data directory with the data", async () => {
    const dataDir = tempDir();
    const server = await startServerProcess({ dataDir });
    servers.push(server);
    const api = apiClient(() => server.url);
    const client = { request: api };
    const cookie = await signUp(client, { name: "Backed Up", accountType: "seller" });
    const { SUZUKI } = await categoryIds(client);
    const list = async (title: string) =>
      (await listBike(client, { cookie }, SUZUKI, { title })).id;
    const before: string[] = [];
    for (let index = 0; index < 20; index++) before.push(await list(`Before backup ${index}`));

    // Writes keep coming while the backup runs.
    let writing = true;
    let during = 0;
    const writer = (async () => {
      while (writing) {
        await list(`During backup ${during++}`);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const backup = run("backup", dataDir);
    writing = false;
    await writer;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/integrity ok/);
    expect(during).toBeGreaterThan(0);
    const [file] = readdirSync(path.join(dataDir, "backups"));
    expect(file).toMatch(/^reride-.*\.sqlite$/);
    const backupFile = path.join(dataDir, "backups", file ?? "");

    // Restoring over the running app's database is refused, and changes nothing.
    const refused = run("restore", dataDir, [backupFile]);
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toMatch(/in use.*Stop ReRide/s);
    expect((await api("/api/me/bikes", { cookie })).status).toBe(200);

    // Into a new data directory, and the app started there has the data.
    const restoredDir = tempDir();
    const restored = run("restore", restoredDir, [backupFile]);
    expect(restored.code, restored.out).toBe(0);
    const second = await startServerProcess({ dataDir: restoredDir });
    servers.push(second);
    const onRestored = apiClient(() => second.url);
    const titles = await myBikes({ request: onRestored }, { cookie });
    const ids = new Set(titles.map((bike) => bike.id));
    for (const id of before) expect(ids.has(id)).toBe(true);
    // A consistent snapshot: some of the writes made during the backup, in order, none torn.
    const duringTitles = titles.filter((bike) => bike.title.startsWith("During backup"));
    expect(duringTitles.length).toBeLessThanOrEqual(during);
    await second.stop();

    // Restoring over a stopped app's database keeps the old one beside it.
    await server.stop();
    const over = run("restore", dataDir, [backupFile]);
    expect(over.code, over.out).toBe(0);
    expect(
      readdirSync(dataDir).some((name) => name.startsWith("reride.sqlite.before-restore-")),
    ).toBe(true);
    expect(existsSync(path.join(dataDir, "reride.sqlite"))).toBe(true);
  }, 90_000);

  test("a file that is no ReRide database is refused", () => {
    const dataDir = tempDir();
    const bogus = path.join(dataDir, "bogus.sqlite");
    const made = spawnSync(
      process.execPath,
      ["-e", `require("better-sqlite3")(${JSON.stringify(bogus)}).exec("create table x(y)")`],
      { cwd: REPO },
    );
    expect(made.status).toBe(0);
    const result = run("restore", tempDir(), [bogus]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/not a ReRide database/);
  });
});
