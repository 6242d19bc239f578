import { describe, expect, test } from "vitest";
import { ResponseCache } from "./response-cache";

describe("the response cache's memory", () => {
  test("holds a response's body once, as bytes: a budget fits as many pages as their bytes allow", () => {
    // A page of bikes is about 11 kB of JSON.
    const page = JSON.stringify({ items: "x".repeat(10_000) });
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 100_000 });
    const keys = Array.from({ length: 10 }, (_, index) => `- /api/categories/${index}/bikes`);
    for (const key of keys) {
      const stored = cache.set(key, "v1", {
        body: page,
        contentType: "application/json",
        path: key,
      });
      expect(stored.bytes.toString("utf8")).toBe(page);
    }
    const kept = keys.filter((key) => isCached(cache, key));
    // Each counts its bytes and room for two compressed copies: six of them in 100 kB
    // (four when the text was kept beside the bytes), the newest kept.
    expect(kept).toEqual(keys.slice(4));
  });
});

/** Whether `key` is cached at v1: `read` answers from the cache without reading. */
function isCached(cache: ResponseCache, key: string): boolean {
  let readAgain = false;
  void cache.read(key, "v1", async () => {
    readAgain = true;
    return undefined;
  });
  return !readAgain;
}
