import { readdirSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type DbKind, DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX, prepareDatabase } from "./lib/databases";
import { writeAtRate, writeKinds } from "./lib/mixed";
import { startReRide } from "./lib/reride";
import { describeStatements, statementTimes } from "./lib/statement-times";

/**
 * What one write costs the machine: the mixed workload's writes (wishlist
 * hearts, bookings and cancels, new listings, messages) at a fixed rate with
 * no reads, and the CPU each process spent per write meanwhile — ReRide's
 * (user and kernel), PostgreSQL's (every `postgres` process on the machine)
 * and this writer's own. The mixed workload's reads share the same cores, so
 * this is what caps them at a high write rate. Linux only (/proc).
 *
 *   npm run bench:write-cost -- --db postgres --rate 100 --seconds 10
 *   npm run bench:write-cost -- --statements   # SQLite: and the statements' time, per kind
 */
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    rate: { type: "string", default: "100" },
    seconds: { type: "string", default: "10" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    statements: { type: "boolean", default: false },
  },
});
const kind = values.db as DbKind;
if (kind !== "sqlite" && kind !== "postgres") throw new Error("--db is sqlite or postgres");
if (values.statements && kind !== "sqlite") throw new Error("--statements times SQLite's only");
const rate = Number(values.rate);
const seconds = Number(values.seconds);

/** CPU ticks (1/100 s) of a process: user and kernel. */
function ticksOf(pid: string): { user: number; system: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: Number(fields[11]), system: Number(fields[12]) };
  } catch {
    return null; // it ended meanwhile
  }
}

/**
 * ReRide's threads by the name Node gives them, and what each does: the
 * thread that answers requests is what a single process's reads compete
 * with for writes (its time per write × the write rate is the share of it
 * left to no read), the others run beside it on the second core.
 */
const THREADS: Record<string, string> = {
  MainThread: "requests",
  WorkerThread: "mail + checkpoints",
  V8Worker: "GC + compiler",
  "libuv-worker": "file pool",
};

/** CPU ticks of each of a process's threads, summed by what they do (THREADS). */
function threadTicksOf(pid: string): Map<string, number> {
  const byRole = new Map<string, number>();
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byRole; // it ended meanwhile
  }
  for (const task of tasks) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${task}/comm`, "utf8").trim();
      const ticks = ticksOf(`${pid}/task/${task}`);
      if (!ticks) continue;
      const role = THREADS[name] ?? "other";
      byRole.set(role, (byRole.get(role) ?? 0) + ticks.user + ticks.system);
    } catch {
      // the thread ended meanwhile
    }
  }
  return byRole;
}

function postgresTicks(): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
    } catch {
      continue;
    }
    const ticks = ticksOf(pid);
    if (ticks) total += ticks.user + ticks.system;
  }
  return total;
}

const database = await prepareDatabase(
  kind,
  10_000,
  { dataDir: DEFAULT_DATA_DIR, pgPrefix: DEFAULT_PG_PREFIX, postgresUrl: values["pg-url"] },
  (line) => process.stdout.write(`${line}\n`),
);
const statements = values.statements ? statementTimes() : null;
const reride = await startReRide(database, "warn", { extraEnv: statements?.env ?? {} });
try {
  const { kinds } = await writeKinds(database, reride);
  await writeAtRate(rate, 2_000, kinds); // warm up
  // What the server spends with nobody writing (its workers, timers): not a write's cost.
  const idleBefore = ticksOf(String(reride.pid));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const idleAfter = ticksOf(String(reride.pid));
  if (idleBefore && idleAfter) {
    const busy = (idleAfter.user + idleAfter.system - idleBefore.user - idleBefore.system) * 10;
    console.log(
      `\n${kind}: with no writes ReRide used ${((busy / (seconds * 1000)) * 100).toFixed(1)}% of a core`,
    );
  }
  console.log(`${kind}, ${rate} writes/s asked, ${seconds} s each; CPU per write:`);
  // Each kind alone, then the mix the mixed workload sends.
  for (const [name, sent] of [
    ...kinds.map((one) => [one.name, [one]] as const),
    ["the mix", kinds] as const,
  ]) {
    await statements?.take(reride.pid);
    const appBefore = ticksOf(String(reride.pid));
    const threadsBefore = threadTicksOf(String(reride.pid));
    const postgresBefore = postgresTicks();
    const mineBefore = process.cpuUsage();
    const figures = await writeAtRate(rate, seconds * 1000, [...sent]);
    const mine = process.cpuUsage(mineBefore);
    const appAfter = ticksOf(String(reride.pid));
    const threadsAfter = threadTicksOf(String(reride.pid));
    const postgres = postgresTicks() - postgresBefore;
    const writes = figures.done + figures.failed;
    const perWrite = (ms: number) => `${(ms / writes).toFixed(2)} ms`;
    const parts = [
      `${name.padEnd(20)} ${writes} writes (${figures.failed} failed, p99 ${figures.p99Ms.toFixed(0)} ms)`,
    ];
    if (appBefore && appAfter) {
      const user = (appAfter.user - appBefore.user) * 10;
      const system = (appAfter.system - appBefore.system) * 10;
      const threads = [...Object.values(THREADS), "other"]
        .map(
          (role) => [role, (threadsAfter.get(role) ?? 0) - (threadsBefore.get(role) ?? 0)] as const,
        )
        .filter(([, ticks]) => ticks > 0)
        .map(([role, ticks]) => `${role} ${perWrite(ticks * 10)}`);
      parts.push(
        `ReRide ${perWrite(user + system)} (kernel ${perWrite(system)}; ${threads.join(", ")})`,
      );
    }
    if (kind === "postgres") parts.push(`PostgreSQL ${perWrite(postgres * 10)}`);
    parts.push(`this writer ${perWrite((mine.user + mine.system) / 1000)}`);
    console.log(`  ${parts.join(" · ")}`);
    if (statements) {
      for (const line of describeStatements(await statements.take(reride.pid), writes)) {
        console.log(line);
      }
    }
  }
  for (const writeKind of kinds) await writeKind.cleanUp?.();
} finally {
  await reride.stop();
  statements?.close();
}
