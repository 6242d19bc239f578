import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ENV_VARIABLES, EnvError, loadEnv } from "./env";

const dirs: string[] = [];
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "reride-env-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function loadError(source: Record<string, string>): string {
  try {
    loadEnv({ DATA_DIR: freshDataDir(), ...source });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).message;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
}

describe("a bad value stops the start with a message naming the variable", () => {
  test.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: " " }],
    ["CURRENCY", { CURRENCY: "XYZ" }],
    ["ADMIN_EMAILS", { ADMIN_EMAILS: "not-an-email" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://root@localhost/reride" }],
    ["PUBLIC_URL", { PUBLIC_URL: "ftp://reride.example" }],
    ["AUTH_SECRET", { NODE_ENV: "production" }],
    ["GOOGLE_CLIENT_SECRET", { GOOGLE_CLIENT_ID: "client-id" }],
    ["GOOGLE_CLIENT_SECRET", { GOOGLE_CLIENT_SECRET: "client-secret" }],
    ["GOOGLE_ISSUER_URL", { GOOGLE_ISSUER_URL: "http://127.0.0.1:9000" }],
    ["PROCESSES", { PROCESSES: "0" }],
    ["PROCESSES", { PROCESSES: "many" }],
    ["PHOTO_STORE", { PHOTO_STORE: "ftp" }],
    ["S3_ENDPOINT", { PHOTO_STORE: "s3" }],
    ["S3_BUCKET", { PHOTO_STORE: "s3" }],
    ["S3_ACCESS_KEY_ID", { PHOTO_STORE: "s3" }],
    ["S3_SECRET_ACCESS_KEY", { PHOTO_STORE: "s3" }],
    ["S3_ENDPOINT", { S3_ENDPOINT: "s3.example.com" }],
    ["S3_BUCKET", { S3_BUCKET: "Photos_Of_Bikes" }],
    ["S3_FORCE_PATH_STYLE", { S3_FORCE_PATH_STYLE: "yes" }],
    ["MAX_ACTIVE_BOOKINGS", { MAX_ACTIVE_BOOKINGS: "0" }],
    ["MAX_ACTIVE_BOOKINGS", { MAX_ACTIVE_BOOKINGS: "three" }],
    ["BOOKING_PENDING_HOURS", { BOOKING_PENDING_HOURS: "1.5" }],
  ])("%s: %j", (variable, source) => {
    expect(loadError(source)).toMatch(new RegExp(`^\\s+${variable}: `, "m"));
  });

  test("the bad entry of ADMIN_EMAILS is quoted, so the operator sees which one", () => {
    expect(loadError({ ADMIN_EMAILS: "ok@reride.example, nope" })).toContain('"nope"');
  });

  test("every bad variable is reported at once, not one per attempt", () => {
    const message = loadError({ PORT: "abc", CURRENCY: "XYZ", NODE_ENV: "production" });
    for (const variable of ["PORT", "CURRENCY", "AUTH_SECRET"]) expect(message).toContain(variable);
  });

  test("the server process exits with status 1 and says why, without a stack trace", () => {
    const dataDir = freshDataDir();
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { PATH: process.env.PATH, PORT: "abc", DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^\s+PORT: /m);
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    // It stopped before touching the database.
    expect(existsSync(path.join(dataDir, "reride.sqlite"))).toBe(false);
  }, 30_000);

  test("a .env file in the working directory configures the server, and real variables win over it", () => {
    const dir = freshDataDir();
    writeFileSync(path.join(dir, ".env"), "PORT=abc\nCURRENCY=XYZ\n");
    const main = path.resolve("src/server/main.ts");
    const result = spawnSync(process.execPath, ["--import", import.meta.resolve("tsx"), main], {
      cwd: dir,
      env: { PATH: process.env.PATH, DATA_DIR: dir, CURRENCY: "EUR" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^\s+PORT: /m);
    expect(result.stderr).not.toContain("CURRENCY");
  }, 30_000);
});

describe("defaults: with no configuration the app runs on SQLite under DATA_DIR", () => {
  test("SQLite file, local URL, USD, the default admin address", () => {
    const dataDir = freshDataDir();
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env.database).toEqual({ dialect: "sqlite", file: path.join(dataDir, "reride.sqlite") });
    expect(env.port).toBe(3000);
    expect(env.publicUrl).toBe("http://127.0.0.1:3000");
    expect(env.currency).toBe("USD");
    expect(env.adminEmails).toEqual(["admin@reride.local"]);
    expect(env.google).toBeNull();
    expect(env.processes).toBe(1);
  });

  test("PROCESSES=auto is one per core", () => {
    const env = loadEnv({ DATA_DIR: freshDataDir(), PROCESSES: "auto" });
    expect(env.processes).toBe(availableParallelism());
    expect(loadEnv({ DATA_DIR: freshDataDir(), PROCESSES: "3" }).processes).toBe(3);
  });

  test("empty values count as unset, as a copied .env.example leaves them", () => {
    const env = loadEnv({ DATA_DIR: freshDataDir(), DATABASE_URL: "", PORT: "", CURRENCY: "" });
    expect(env.database.dialect).toBe("sqlite");
    expect(env.port).toBe(3000);
    expect(env.currency).toBe("USD");
  });

  test("a postgres:// DATABASE_URL selects PostgreSQL", () => {
    const url = "postgres://reride@db.internal:5432/reride";
    const env = loadEnv({ DATA_DIR: freshDataDir(), DATABASE_URL: url });
    expect(env.database).toEqual({ dialect: "postgres", url });
  });

  test("ADMIN_EMAILS is a trimmed, lower-cased list", () => {
    const env = loadEnv({
      DATA_DIR: freshDataDir(),
      ADMIN_EMAILS: " Boss@ReRide.example ,ops@reride.example",
    });
    expect(env.adminEmails).toEqual(["boss@reride.example", "ops@reride.example"]);
  });
});

describe("AUTH_SECRET outside production", () => {
  test("is generated once, kept in DATA_DIR readable only by its owner, and reused", () => {
    const dataDir = freshDataDir();
    const first = loadEnv({ DATA_DIR: dataDir }).authSecret;
    const second = loadEnv({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  test("differs between data directories", () => {
    const a = loadEnv({ DATA_DIR: freshDataDir() }).authSecret;
    const b = loadEnv({ DATA_DIR: freshDataDir() }).authSecret;
    expect(a).not.toBe(b);
  });

  test("a configured secret is used as is and nothing is written", () => {
    const dataDir = freshDataDir();
    const secret = "s".repeat(40);
    expect(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: secret }).authSecret).toBe(secret);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });
});

describe("the photo store", () => {
  const s3 = {
    PHOTO_STORE: "s3",
    S3_ENDPOINT: "https://objects.example.com",
    S3_BUCKET: "reride-photos",
    S3_ACCESS_KEY_ID: "key-id",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  test("is DATA_DIR/uploads on disk by default, and ignores S3 settings there", () => {
    const dataDir = freshDataDir();
    expect(loadEnv({ DATA_DIR: dataDir, S3_BUCKET: "unused" }).photoStore).toEqual({
      kind: "disk",
      dir: path.join(dataDir, "uploads"),
    });
  });

  test("s3 takes the endpoint, bucket and credentials, path-style unless told otherwise", () => {
    const dataDir = freshDataDir();
    expect(loadEnv({ DATA_DIR: dataDir, ...s3 }).photoStore).toEqual({
      kind: "s3",
      endpoint: "https://objects.example.com",
      bucket: "reride-photos",
      region: "us-east-1",
      accessKeyId: "key-id",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    const aws = loadEnv({
      DATA_DIR: dataDir,
      ...s3,
      S3_REGION: "eu-central-1",
      S3_FORCE_PATH_STYLE: "false",
    }).photoStore;
    expect(aws).toMatchObject({ region: "eu-central-1", forcePathStyle: false });
  });

  test("s3 without its settings names every missing one at once", () => {
    const message = loadError({ PHOTO_STORE: "s3", S3_BUCKET: "reride-photos" });
    for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
      expect(message).toContain(`${name}: is required when PHOTO_STORE=s3`);
    }
    expect(message).not.toContain("S3_BUCKET");
  });
});

describe("the configuration table", () => {
  test("README documents exactly the variables the app reads, and .env.example names them all", () => {
    const root = path.join(import.meta.dirname, "../..");
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"));
    const documented = new Set(
      [...table.matchAll(/^\| (`[A-Z][A-Z0-9_]*`(?:, `[A-Z][A-Z0-9_]*`)*) \|/gm)].flatMap((row) =>
        [...(row[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((name) => name[1] ?? ""),
      ),
    );
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    for (const name of ENV_VARIABLES) expect(example, name).toMatch(new RegExp(`\\b${name}=`));
  });
});
