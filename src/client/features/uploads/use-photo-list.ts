import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type BikePhoto,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_BIKE,
  PHOTO_CONTENT_TYPES,
} from "#src/shared/schemas/uploads";
import { uploadPhoto } from "./upload-photo";

export interface PhotoItem {
  key: string;
  name: string;
  status: "uploading" | "done" | "error";
  /** 0–1 while uploading. */
  progress: number;
  /** A local preview while uploading, the server's thumbnail once done. */
  previewUrl: string | null;
  photo?: BikePhoto;
  error?: string;
}

const accepted: readonly string[] = PHOTO_CONTENT_TYPES;

/** A first check in the browser, to save a long wait; the server decides on the bytes. */
function refusal(file: File): string | null {
  if (file.type && !accepted.includes(file.type))
    return "Only JPEG, PNG or WebP photos can be used.";
  if (file.size > MAX_PHOTO_BYTES) return "This photo is larger than 10 MB.";
  if (file.size === 0) return "This file is empty.";
  return null;
}

let counter = 0;
const nextKey = () => `photo-${++counter}`;

/**
 * The photos of one bike form: each file uploads on its own as soon as it is
 * chosen, and the list keeps their order (the first is the cover).
 */
export function usePhotoList(initial: BikePhoto[] = []) {
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((photo, index) => ({
      key: photo.id,
      // A stable name: the tile keeps it wherever it moves.
      name: `Photo ${index + 1}`,
      status: "done",
      progress: 1,
      previewUrl: photo.thumbnailUrl,
      photo,
    })),
  );
  const controllers = useRef(new Map<string, AbortController>());

  // Leaving the form stops uploads that nobody would use.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<PhotoItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  // The uploads start outside setItems: an updater must stay pure (StrictMode runs it twice).
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const start = useCallback(
    (file: File, key: string) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      uploadPhoto(file, (progress) => update(key, { progress }), controller.signal)
        .then((upload) =>
          update(key, {
            status: "done",
            progress: 1,
            previewUrl: upload.thumbnailUrl,
            photo: { id: upload.id, url: upload.url, thumbnailUrl: upload.thumbnailUrl },
          }),
        )
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          update(key, {
            status: "error",
            error: error instanceof Error ? error.message : "The photo could not be uploaded.",
          });
        })
        .finally(() => controllers.current.delete(key));
    },
    [update],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      let room =
        MAX_PHOTOS_PER_BIKE - itemsRef.current.filter((item) => item.status !== "error").length;
      const added = [...files].map((file): PhotoItem => {
        const key = nextKey();
        const refused =
          room <= 0 ? `A bike can have at most ${MAX_PHOTOS_PER_BIKE} photos.` : refusal(file);
        const base = { key, name: file.name, progress: 0, previewUrl: null };
        if (refused) return { ...base, status: "error", error: refused };
        room -= 1;
        start(file, key);
        return { ...base, status: "uploading" };
      });
      itemsRef.current = [...itemsRef.current, ...added];
      setItems((current) => [...current, ...added]);
    },
    [start],
  );

  const move = useCallback((key: string, step: -1 | 1) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.key === key);
      const to = from + step;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });
  }, []);

  const makeCover = useCallback((key: string) => {
    setItems((current) => {
      const item = current.find((candidate) => candidate.key === key);
      return item ? [item, ...current.filter((candidate) => candidate.key !== key)] : current;
    });
  }, []);

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const reset = useCallback(() => setItems([]), []);

  const ids = useMemo(
    () => items.flatMap((item) => (item.status === "done" && item.photo ? [item.photo.id] : [])),
    [items],
  );
  const uploading = items.some((item) => item.status === "uploading");

  return { items, ids, uploading, add, move, makeCover, remove, reset };
}

export type PhotoList = ReturnType<typeof usePhotoList>;
