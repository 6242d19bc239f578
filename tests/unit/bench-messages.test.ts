import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { messages, type Writer } from "../../bench/lib/mixed";

/**
 * The mixed workload's messages (bench/lib/mixed.ts) must cost the same in
 * every round: when they went round a fixed list of buyer–bike pairs, the
 * first runs started conversations (each mailing a seller) and the later
 * ones only replied, so a server measured later was sent cheaper writes.
 */
describe("bench messages", () => {
  const received: Array<{ cookie: string; bikeId: string }> = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      const { bikeId } = JSON.parse(body) as { bikeId: string };
      received.push({ cookie: String(request.headers.cookie), bikeId });
      response.writeHead(201, { "content-type": "application/json" }).end("{}");
    });
  });
  let buyers: Writer[] = [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    buyers = ["a", "b", "c", "d"].map((name) => ({ url, cookie: `buyer=${name}` }));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("every other message starts a conversation on a bike not written about yet; the rest reply, one each", async () => {
    const bikes = Array.from({ length: 1000 }, (_, n) => `bike-${n}`);
    const kind = messages(buyers, bikes);
    for (let n = 0; n < 400; n++) expect(await kind.next()).toBe(true);

    const seen = new Set<string>();
    const started = new Set<string>();
    const replied = new Set<string>();
    received.forEach(({ cookie, bikeId }, n) => {
      const pair = `${cookie} ${bikeId}`;
      if (n % 2 === 0 || !started.has(pair)) {
        // A new conversation: a bike nobody has written about in this run.
        expect(seen.has(bikeId)).toBe(false);
        started.add(pair);
      } else {
        // A reply, to a conversation this run started and nobody has replied in yet: replies
        // piled on one conversation would wait for each other's locks.
        expect(replied.has(pair)).toBe(false);
        replied.add(pair);
      }
      seen.add(bikeId);
    });
    // Every other message, after the first few, is a reply.
    expect(replied.size).toBeGreaterThanOrEqual(190);
    expect(started.size + replied.size).toBe(400);
    // Buyers take turns starting them, and the bikes come from the list's end.
    expect(new Set(received.map(({ cookie }) => cookie)).size).toBe(4);
    expect(received[0]?.bikeId).toBe("bike-999");
  });
});
