import type { DataVersion, VersionScope } from "#src/server/cache/data-version";

/**
 * The app's data versions, read from the database as usual, with a counter
 * added to each token so that a cached answer or session is never found
 * current: every request then pays what the first request after a write pays
 * (docs/decisions/0007-read-caches.md). Used by the cache-miss server
 * (servers/reride-uncached.ts) and the in-process diagnosis (anatomy.ts):
 * both miss the same way, without building empty caches per request, which
 * costs more than some of the requests measured.
 *
 * `keepShared`: a scope without a caller's own key (`user:` or `session:`),
 * such as a category's page shared by every caller (cache/shared-reads.ts),
 * keeps its token; only what is the caller's own misses. What every later
 * caller after a write pays.
 *
 * The fair prices' histograms (`readKeys`, catalog/fair-price-stats.ts) are
 * statistics an answer is computed from, kept per process while their
 * category's `prices:` version holds, and what a write that leaves prices
 * alone leaves them: their versions are always the database's own.
 */
export function missingVersions(
  versions: DataVersion,
  options: { keepShared?: boolean } = {},
): DataVersion {
  let reads = 0;
  const misses = (scope: VersionScope) =>
    !options.keepShared ||
    scope.keys.some((key) => key.startsWith("user:") || key.startsWith("session:"));
  const missing = (scope: VersionScope, token: string) =>
    misses(scope) ? `${token}#${++reads}` : token;
  return {
    read: async (scope) => missing(scope, await versions.read(scope)),
    // The keys' versions stay the database's own, as readKeys' below.
    readWithVersions: async (scope) => {
      const read = await versions.readWithVersions(scope);
      return { ...read, token: missing(scope, read.token) };
    },
    readMany: async (scopes) =>
      (await versions.readMany(scopes)).map((token, i) =>
        missing(scopes[i] ?? { keys: [] }, token),
      ),
    readKeys: (keys) => versions.readKeys(keys),
    readSession: async (token) => {
      const session = await versions.readSession(token);
      return session ? { ...session, version: `${session.version}#${++reads}` } : null;
    },
  };
}
