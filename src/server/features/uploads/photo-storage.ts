import { mkdir, open, opendir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * Where photo files live, keyed by name. The app only ever needs these four
 * operations: the disk here, or an S3-compatible bucket (s3-photo-storage.ts)
 * shared by every app server; nothing else touches the files.
 */
export interface PhotoStorage {
  /** Stores a new file. Keys are random, so none is ever written twice (the disk also refuses to). */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file as a stream, or null when there is no such file. */
  read(key: string): Promise<StoredPhoto | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file, for the sweep (photo-sweep.ts). */
  list(): AsyncIterable<StoredKey>;
}

export interface StoredPhoto {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

// A single plain file name: no separators, no "." or "..", nothing hidden.
// The routes accept stricter keys still (lib/photo-keys.ts); this is the
// storage's own guard, so no caller can make it touch a path outside `dir`.
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function assertSafeKey(key: string) {
  if (!SAFE_NAME.test(key) || key.includes("..")) {
    throw new Error(`Refusing an unsafe photo storage key: ${JSON.stringify(key)}`);
  }
}

const codeOf = (error: unknown) =>
  typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
const isMissing = (error: unknown) => codeOf(error) === "ENOENT";

/** Files in one folder: DATA_DIR/uploads by default. */
export function diskPhotoStorage(dir: string): PhotoStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(dir, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(dir, { recursive: true });
      try {
        // "wx": ids are random, so an existing file means a bug; never overwrite.
        await writeFile(file, data, { flag: "wx" });
      } catch (error) {
        // A half-written file (disk full) must not stay behind.
        if (codeOf(error) !== "EEXIST") await rm(file, { force: true });
        throw error;
      }
    },
    async read(key) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileOf(key), "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream closes the handle when it ends or the client goes away.
        const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
        return { body, size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      let entries: Awaited<ReturnType<typeof opendir>>;
      try {
        entries = await opendir(dir);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      // opendir streams the folder: no list of every name in memory at once.
      for await (const entry of entries) {
        if (!entry.isFile() || !SAFE_NAME.test(entry.name)) continue;
        try {
          const { mtime } = await stat(path.join(dir, entry.name));
          yield { key: entry.name, modifiedAt: mtime };
        } catch (error) {
          if (!isMissing(error)) throw error; // deleted meanwhile: nothing to report
        }
      }
    },
  };
}
