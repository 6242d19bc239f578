import { startNode } from "./processes";
import { wrk } from "./wrk";

/**
 * How fast the machine is while the bench runs: req/s of a node:http server
 * with a fixed body (servers/fixed-body.ts) under wrk as every HTTP figure is
 * taken (1 thread, 50 connections, 4 s), twice in a row. Taken before the
 * run and after it: this shared machine's speed moves by up to three times
 * from day to day and within a run, and two runs' figures are comparable
 * only when these are (bench/README.md, "Reading the table").
 */
export async function measureSpeed(log: (line: string) => void): Promise<number[]> {
  const server = await startNode("speed probe", "bench/servers/fixed-body.ts", {}, "/health");
  try {
    const runs: number[] = [];
    for (let run = 0; run < 2; run++) {
      runs.push(
        (await wrk({ url: `${server.url}/`, seconds: 4, connections: 50 })).requestsPerSecond,
      );
    }
    log(`The machine's speed: a fixed body at ${runs.map(Math.round).join(", ")} req/s`);
    return runs;
  } finally {
    await server.stop();
  }
}
