import type { DataVersion, VersionScope } from "../cache/data-version";
import type { Metrics } from "./metrics";

/** Scopes remembered for the count below; past this many, it starts over. */
const REMEMBERED_SCOPES = 10_000;

/**
 * The data versions, counting each read and each read that found a write to
 * its scope since the previous read of the same scope: the second over the
 * first is the share of requests whose cached answers had to be read afresh
 * (docs/decisions/0007-read-caches.md).
 */
export function countedDataVersion(inner: DataVersion, metrics: Metrics): DataVersion {
  const previous = new Map<string, string>();
  const count = (scope: VersionScope, version: string) => {
    const id = `${scope.keys.join(" ")}|${scope.catalog ? "catalog" : ""}|${scope.pricesOfBikes?.join(" ") ?? ""}`;
    const before = previous.get(id);
    metrics.versionChecked(before !== undefined && before !== version);
    if (before === undefined && previous.size >= REMEMBERED_SCOPES) previous.clear();
    previous.set(id, version);
    return version;
  };
  return {
    read: (scope) => inner.read(scope).then((version) => count(scope, version)),
    readWithVersions: (scope) =>
      inner.readWithVersions(scope).then((read) => {
        count(scope, read.token);
        return read;
      }),
    readMany: (scopes) =>
      inner
        .readMany(scopes)
        .then((versions) =>
          versions.map((version, i) => count(scopes[i] ?? { keys: [] }, version)),
        ),
    readKeys: (keys) =>
      inner.readKeys(keys).then((versions) => {
        for (const [key, version] of versions) count({ keys: [key] }, version);
        return versions;
      }),
    readSession: (token) => inner.readSession(token),
  };
}
