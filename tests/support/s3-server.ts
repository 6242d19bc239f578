import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PhotoStore } from "#src/server/env";

/**
 * A local S3-compatible server (s3rver: objects as files in a temp dir) on
 * a free loopback port, with one empty bucket: what PHOTO_STORE=s3 talks to
 * in the tests, over real HTTP. It checks the access key id of every
 * request, not the SigV4 signature itself.
 *
 * It runs as its own process with OpenSSL's legacy provider: it makes its
 * list continuation tokens with DES, which Node's OpenSSL 3 only has there.
 */
export interface TestS3Server {
  store: Extract<PhotoStore, { kind: "s3" }>;
  /** The same store as environment variables, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

// s3rver's own fixed credentials.
const ACCESS_KEY = "S3RVER";
const START_TIMEOUT_MS = 20_000;

export async function startS3Server(bucket = "reride-photos"): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "reride-s3-"));
  const cli = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");
  const args = [
    "-d",
    directory,
    "-a",
    "127.0.0.1",
    "-p",
    "0",
    "--silent",
    "--configure-bucket",
    bucket,
  ];
  const child = spawn(process.execPath, ["--openssl-legacy-provider", cli, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  let port: number;
  try {
    port = await listeningPort(child, exited);
  } catch (error) {
    await close();
    throw error;
  }
  const store = {
    kind: "s3",
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
  } as const;
  return {
    store,
    env: {
      PHOTO_STORE: "s3",
      S3_ENDPOINT: store.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: store.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    close,
  };
}

/** The port from s3rver's "S3rver listening on 127.0.0.1:<port>" line. */
function listeningPort(child: ReturnType<typeof spawn>, exited: Promise<void>): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`s3rver did not start in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /listening on [^\s:]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited before listening:\n${output}`));
    });
  });
}
