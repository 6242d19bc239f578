import type { DataVersion } from "../cache/data-version";
import type { Metrics } from "./metrics";

/**
 * The data version, counting each read and each read that found a write
 * since the previous one: the second over the first is the share of requests
 * whose caches had to start over (docs/decisions/0007-read-caches.md).
 */
export function countedDataVersion(inner: DataVersion, metrics: Metrics): DataVersion {
  let previous: string | undefined;
  const count = (version: string) => {
    metrics.versionChecked(previous !== undefined && version !== previous);
    previous = version;
    return version;
  };
  return { read: () => inner.read().then(count) };
}
