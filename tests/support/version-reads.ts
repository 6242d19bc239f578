import type { DataVersion, VersionScope } from "#src/server/cache/data-version";
import type { TestApp } from "#tests/support/test-app";

const keysOf = (scope: VersionScope) => scope.keys.join(" ");

/**
 * `versions`, telling `told` of each read as it is asked: `scope <keys>`,
 * `scope with versions <keys>`, `scopes <keys>, <keys>`, `keys <keys>`,
 * `session as stored`.
 */
export function tellingVersions(versions: DataVersion, told: (read: string) => void): DataVersion {
  return {
    read: (scope) => {
      told(`scope ${keysOf(scope)}`);
      return versions.read(scope);
    },
    readWithVersions: (scope) => {
      told(`scope with versions ${keysOf(scope)}`);
      return versions.readWithVersions(scope);
    },
    readMany: (scopes) => {
      told(`scopes ${scopes.map(keysOf).join(", ")}`);
      return versions.readMany(scopes);
    },
    readKeys: (keys) => {
      told(`keys ${keys.join(" ")}`);
      return versions.readKeys(keys);
    },
    readSession: (token) => {
      told("session as stored");
      return versions.readSession(token);
    },
  };
}

/** `run` with the app's versions told of (tellingVersions); what it asked of them, in order. */
export async function versionReadsDuring(t: TestApp, run: () => Promise<void>): Promise<string[]> {
  const versions = t.deps.dataVersion;
  const reads: string[] = [];
  t.deps.dataVersion = tellingVersions(versions, (read) => reads.push(read));
  try {
    await run();
  } finally {
    t.deps.dataVersion = versions;
  }
  return reads;
}
