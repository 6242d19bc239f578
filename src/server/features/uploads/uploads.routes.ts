import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_PHOTO_BYTES, type Upload } from "#src/shared/schemas/uploads";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";
import {
  isPhotoKey,
  largeKeyFor,
  PHOTO_CONTENT_TYPE,
  photoKey,
  photoUrls,
} from "../../lib/photo-keys";
import { requireAccountType, signedInUser } from "../../middleware/session";
import { admitUpload } from "./photo-queue";
import type { PhotoStorage } from "./photo-storage";
import { type ProcessedPhoto, processPhoto } from "./process-photo";
import { insertUpload } from "./uploads.queries";

/**
 * The body limit of POST /api/uploads: one photo plus room for the multipart
 * framing (boundaries, part headers, a long file name). The API's general
 * 1 MiB limit does not apply to this route (app.ts).
 */
export const MAX_UPLOAD_BODY_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", "A photo may be at most 10 MB. Choose a smaller photo.");

/** /api/uploads */
export const uploadsRoutes = new Hono<AppBindings>();

uploadsRoutes.post(
  "/",
  requireAccountType("seller"),
  admitUpload,
  bodyLimit({
    maxSize: MAX_UPLOAD_BODY_BYTES,
    onError: () => {
      throw tooLarge();
    },
  }),
  async (c) => {
    const { db, photos } = c.get("deps");
    const seller = signedInUser(c);
    const file = await readPhotoFile(c.req.raw);
    if (file.size > MAX_PHOTO_BYTES) throw tooLarge();
    if (file.size === 0) throw new AppError("BAD_REQUEST", "The file is empty. Choose a photo.");
    // Everything happens in memory first: a bad file leaves nothing behind.
    const processed = await processPhoto(Buffer.from(await file.arrayBuffer()));
    const id = randomUUID();
    await store(photos, id, processed, () =>
      insertUpload(db, {
        id,
        ownerId: seller.id,
        width: processed.width,
        height: processed.height,
      }),
    );
    const body: Upload = { ...photoUrls(id), width: processed.width, height: processed.height };
    return c.json(body, 201);
  },
);

/** The one `file` part of a multipart form; 400 for anything else. */
async function readPhotoFile(request: Request): Promise<File> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw fileMissing("Send the photo as multipart/form-data, in a field named file.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("BAD_REQUEST", "The upload is incomplete or malformed. Please try again.");
  }
  const parts = form.getAll("file");
  const [file] = parts;
  if (parts.length > 1) throw fileMissing("Send one photo per request.");
  if (!(file instanceof File)) throw fileMissing("Choose a photo to upload.");
  return file;
}

function fileMissing(message: string) {
  return new AppError("VALIDATION_FAILED", "Some fields need attention.", { file: message });
}

/**
 * Writes both files, then records the upload. Any failure removes what was
 * written: no file without its row, and the row is the last write.
 */
async function store(
  storage: PhotoStorage,
  id: string,
  photo: ProcessedPhoto,
  record: () => Promise<void>,
) {
  const files = [
    { key: photoKey(id, "large"), data: photo.large },
    { key: photoKey(id, "medium"), data: photo.medium },
    { key: photoKey(id, "thumb"), data: photo.thumb },
  ];
  try {
    for (const file of files) await storage.put(file.key, file.data);
    await record();
  } catch (error) {
    await Promise.allSettled(files.map((file) => storage.delete(file.key)));
    throw error;
  }
}

/** GET /uploads/:key — outside /api: public, cacheable forever (a key's bytes never change). */
export const photoFilesRoutes = new Hono<AppBindings>();

photoFilesRoutes.get("/:key", async (c) => {
  const key = c.req.param("key");
  // Only keys this app makes: no other name, no path, nothing to traverse with.
  const photos = c.get("deps").photos;
  let stored = isPhotoKey(key) ? await photos.read(key) : null;
  // Uploaded before phones got their own size: the large file stands in.
  const large = stored ? null : largeKeyFor(key);
  if (large) stored = await photos.read(large);
  if (!stored) {
    c.header("Cache-Control", "no-store");
    return c.text("No such photo.", 404);
  }
  return c.body(stored.body, 200, {
    "Content-Type": PHOTO_CONTENT_TYPE,
    "Content-Length": String(stored.size),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
});
