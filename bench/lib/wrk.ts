import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * One wrk run: 1 thread, N connections, --latency for the percentiles. wrk
 * is the load generator issue 5's figures were taken with; it shares the
 * machine's two cores with the server under test, which is why the bench
 * reports ratios between servers measured the same way.
 */

const run = promisify(execFile);

export interface WrkOptions {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** A Lua script and its arguments (wrk's `-s script -- args`). */
  script?: { file: string; args: string[] };
}

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers that were not 2xx/3xx: a run with any is not comparable. */
  non2xx: number;
  socketErrors: number;
  /** Answers per status, when the Lua script reports them (the booking mix), e.g. "200=301 201=330". */
  statuses?: string;
}

export async function wrk(options: WrkOptions): Promise<WrkResult> {
  // A 10 s timeout rather than wrk's 2 s: a slow answer then counts in the percentiles
  // instead of vanishing from them as a "timeout" socket error.
  const args = [
    "-t1",
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--latency",
    "--timeout",
    "10s",
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push("-H", `${name}: ${value}`);
  }
  if (options.script) args.push("-s", options.script.file);
  args.push(options.url);
  if (options.script) args.push("--", ...options.script.args);
  const { stdout } = await run("wrk", args, { maxBuffer: 1 << 20 });
  return parseWrk(stdout);
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function duration(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? "");
  if (!match) return Number.NaN;
  return Number(match[1]) * (UNIT_MS[match[2] ?? "ms"] ?? 1);
}

export function parseWrk(output: string): WrkResult {
  const percentile = (p: string) =>
    duration(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(output)?.[1]);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const statuses = /^statuses: (.*)$/m.exec(output)?.[1];
  return {
    ...(statuses === undefined ? {} : { statuses }),
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
    p50Ms: percentile("50"),
    p99Ms: percentile("99"),
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}
