import { describe, expect, test } from "vitest";
import { inTurn, pairedRatio } from "../../bench/lib/load";

/**
 * The bench's rounds (bench/lib/load.ts): a side-by-side figure is fair only
 * if no contender always runs first, and a ratio pairs runs of the same round.
 */
describe("bench rounds", () => {
  test("each contender leads one round in turn, and every round runs all of them once", () => {
    const contenders = ["ReRide", "(a) limit", "(b) bare query"];
    const rounds = [1, 2, 3, 4].map((round) => inTurn(contenders, round));
    expect(rounds.map((order) => order[0])).toEqual([
      "ReRide",
      "(a) limit",
      "(b) bare query",
      "ReRide",
    ]);
    for (const order of rounds) expect([...order].sort()).toEqual([...contenders].sort());
    expect(inTurn([], 2)).toEqual([]);
  });

  test("a ratio is the median of each round's pair, not a ratio of medians", () => {
    const measured = (perRound: number[]) => ({
      rounds: perRound.map((requestsPerSecond) => ({
        requestsPerSecond,
        p50Ms: 1,
        p99Ms: 1,
        requests: requestsPerSecond * 4,
        non2xx: 0,
        socketErrors: 0,
      })),
    });
    // Pairs of 2, 2 and 2.2: the median pair is 2; the medians (220 ÷ 100) would say 2.2.
    expect(pairedRatio(measured([400, 100, 220]), measured([200, 50, 100]))).toBe(2);
  });
});
