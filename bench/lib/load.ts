import { type WrkOptions, type WrkResult, wrk } from "./wrk";

/**
 * Servers compared on one endpoint, interleaved: every round runs each
 * server once, so a slow spell of the shared machine hits all of them rather
 * than one, and each round starts one further along (A B C, B C A, C A B …;
 * `inTurn`), so no server always runs first: for writes the first run of a
 * round meets the tidiest database, and an A/B of two builds run in a fixed
 * order favoured whichever ran first (decision 21). The median of the rounds
 * is reported; a ratio between two servers is the median of each round's
 * ratio (`pairedRatio`), since the two runs of a round are seconds apart and
 * share whatever else the machine was doing then.
 */

export interface Contender {
  /** "ReRide", "(a) limit", … */
  label: string;
  url: string;
}

export interface EndpointPlan {
  endpoint: string;
  contenders: Contender[];
  /** Read endpoints are held to the p99 target; the write mix isn't. */
  kind: "read" | "write";
  headers: Record<string, string>;
  script?: WrkOptions["script"];
  /**
   * Run after every wrk run (the warm-up's too), untimed: the booking mix
   * cancels the bookings a run left pending, so the bikes it wraps around to
   * are free again.
   */
  afterEachRun?: () => Promise<void>;
}

export interface Summary {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface Measured {
  endpoint: string;
  kind: "read" | "write";
  contender: string;
  url: string;
  rounds: WrkResult[];
  median: Summary;
  /** Non-2xx answers and socket errors over all rounds: non-zero means the figure is suspect. */
  errors: number;
}

export interface LoadSettings {
  seconds: number;
  rounds: number;
  connections: number;
  warmupSeconds: number;
}

export async function measure(
  plan: EndpointPlan,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<Measured[]> {
  const options = (contender: Contender, seconds: number): WrkOptions => ({
    url: contender.url,
    seconds,
    connections: settings.connections,
    headers: plan.headers,
    ...(plan.script ? { script: plan.script } : {}),
  });
  // Warm-up: JIT, the database's page cache, the pools' connections.
  for (const contender of plan.contenders) {
    await wrk(options(contender, settings.warmupSeconds));
    await plan.afterEachRun?.();
  }

  const rounds = new Map<string, WrkResult[]>(plan.contenders.map((c) => [c.label, []]));
  for (let round = 1; round <= settings.rounds; round++) {
    const line: string[] = [];
    for (const contender of inTurn(plan.contenders, round)) {
      const result = await wrk(options(contender, settings.seconds));
      await plan.afterEachRun?.();
      rounds.get(contender.label)?.push(result);
      line.push(`${contender.label} ${Math.round(result.requestsPerSecond)}/s`);
    }
    log(`    ${plan.endpoint}, round ${round}: ${line.join(" · ")}`);
  }
  return plan.contenders.map((contender) => {
    const results = rounds.get(contender.label) ?? [];
    return {
      endpoint: plan.endpoint,
      kind: plan.kind,
      contender: contender.label,
      url: contender.url,
      rounds: results,
      median: medianOf(results),
      errors: results.reduce((sum, r) => sum + r.non2xx + r.socketErrors, 0),
    };
  });
}

/** The median of the rounds' throughput and of each percentile. */
export function medianOf(rounds: readonly WrkResult[]): Summary {
  return {
    requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
  };
}

/** `items` starting at the (round − 1)th, wrapping around: round 1 is `items` as given. */
export function inTurn<T>(items: readonly T[], round: number): T[] {
  const start = (round - 1) % Math.max(items.length, 1);
  return [...items.slice(start), ...items.slice(0, start)];
}

/**
 * How many times `a`'s requests per second `b`'s are: the median over the
 * rounds of a's ÷ b's in that round. A slow spell that hits one round whole
 * moves one ratio, not the verdict; a ratio of the two medians can pair a's
 * best round with b's worst.
 */
export function pairedRatio(a: Pick<Measured, "rounds">, b: Pick<Measured, "rounds">): number {
  const ratios = a.rounds
    .map((round, i) => {
      const other = b.rounds[i]?.requestsPerSecond ?? 0;
      return other > 0 ? round.requestsPerSecond / other : Number.NaN;
    })
    .filter((value) => !Number.isNaN(value));
  return median(ratios);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}
