import { createClient } from "@redis/client";
import type { RateLimitStore } from "./store";

// INCR, and start the window's clock on the first hit; PEXPIRE again if a key
// somehow lost its expiry, so no counter can live forever.
const HIT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if hits == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

const UNDO = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0
`;

const PEEK = `
local hits = redis.call('GET', KEYS[1])
if not hits then return false end
return {tonumber(hits), redis.call('PTTL', KEYS[1])}
`;

// Compares the count only: the window's end is Redis' own, not the caller's.
const SWAP = `
if tonumber(redis.call('GET', KEYS[1]) or '-1') ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`;

/**
 * Counters in Redis (RATE_LIMIT_STORE=redis): for deployments with many
 * processes where a write per request on the main database is unwelcome.
 * Redis' clock times the windows; each hit is one script, atomic in Redis.
 */
export function redisStore(url: string, prefix = "reride:rl:"): RateLimitStore {
  const client = createClient({
    url,
    // Fail at once while disconnected (the caller falls back) instead of queueing.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2_000,
      reconnectStrategy: (retries) => Math.min(retries * 200, 5_000),
    },
  });
  // Reconnects are automatic; errors surface through the commands that fail.
  client.on("error", () => {});
  // Connected on first use. The first hit waits for the first attempt's
  // outcome only: connect() itself stays pending for as long as Redis is
  // unreachable (the client keeps retrying), and waiting on it made every
  // hit of an outage wait out the caller's timeout. After that first outcome
  // a command fails at once while the client is offline (the caller falls
  // back) and runs again once a retry has reconnected.
  let firstOutcome: Promise<void> | null = null;
  const ready = async () => {
    firstOutcome ??= new Promise<void>((settle) => {
      client.once("ready", settle);
      client.once("error", settle);
      // Rejects only if the client is closed before it ever connects.
      client.connect().catch(settle);
    });
    await firstOutcome;
  };

  return {
    async hit(key, windowMs, now) {
      await ready();
      const reply = (await client.eval(HIT, {
        keys: [prefix + key],
        arguments: [String(windowMs)],
      })) as [number, number];
      return { hits: Number(reply[0]), resetAt: now + Number(reply[1]) };
    },
    async undo(key) {
      await ready();
      await client.eval(UNDO, { keys: [prefix + key] });
    },
    async peek(key, now) {
      await ready();
      const reply = (await client.eval(PEEK, { keys: [prefix + key] })) as [number, number] | null;
      return reply && { hits: Number(reply[0]), resetAt: now + Number(reply[1]) };
    },
    async swap(key, expected, next, now) {
      await ready();
      const reply = await client.eval(SWAP, {
        keys: [prefix + key],
        arguments: [
          String(expected?.hits ?? -1),
          String(next.hits),
          String(Math.max(1, next.resetAt - now)),
        ],
      });
      return Number(reply) === 1;
    },
    async close() {
      if (!client.isOpen) return;
      // A client still retrying has nothing in flight to wait for.
      if (client.isReady) await client.close();
      else client.destroy();
    },
  };
}
