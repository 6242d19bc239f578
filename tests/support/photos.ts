import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import type { Upload } from "#src/shared/schemas/uploads";
import type { Person } from "./people";
import type { TestApp } from "./test-app";

// Photos made in the test, and uploads sent as a browser's form would send them.

/** Random pixels: they don't compress, so file sizes are at their largest. */
export function noisy(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

/** A phone photo: GPS position, camera, XMP and a wide-gamut colour profile. */
export function phonePhoto(width = 1200, height = 900): Promise<Buffer> {
  return noisy(width, height)
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "ReRidePhone", Model: "Test 1", Copyright: "Seller" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "23/1 48/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "90/1 24/1 0/1",
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Seller at home</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile("p3")
    .toBuffer();
}

/**
 * The GPS tags in an EXIF block as sharp's metadata returns it ("Exif\0\0"
 * then a TIFF structure): IFD0's GPSInfo pointer (0x8825), followed to the
 * GPS directory, whose tag numbers are returned. Empty when there is no GPS.
 */
export function gpsTags(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  const tiff = exif.subarray(exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0);
  const little = tiff.subarray(0, 2).toString("latin1") === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const tagsAt = (ifd: number) =>
    Array.from({ length: u16(ifd) }, (_, i) => ({
      tag: u16(ifd + 2 + i * 12),
      value: u32(ifd + 2 + i * 12 + 8),
    }));
  const gps = tagsAt(u32(4)).find((entry) => entry.tag === 0x8825);
  return gps ? tagsAt(gps.value).map((entry) => entry.tag) : [];
}

/**
 * The chunks of a WebP file (RIFF: "RIFF", size, "WEBP", then chunks of a
 * FourCC, a little-endian size and a payload padded to an even length), as
 * FourCCs in order. Metadata lives in its own chunks ("EXIF", "XMP ",
 * "ICCP"), so this is where to look for it: searching the whole file for
 * those four bytes also finds them, now and then, in random compressed pixels.
 */
export function webpChunks(bytes: Buffer): string[] {
  if (bytes.subarray(0, 4).toString("latin1") !== "RIFF") throw new Error("not a RIFF file");
  if (bytes.subarray(8, 12).toString("latin1") !== "WEBP") throw new Error("not a WebP file");
  const chunks: string[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    chunks.push(bytes.subarray(at, at + 4).toString("latin1"));
    const size = bytes.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  if (at !== bytes.length) throw new Error("a chunk runs past the end of the file");
  return chunks;
}

/**
 * A valid PNG header declaring `width`×`height` with a few bytes of pixel
 * data: a decompression bomb's shape, a few hundred bytes on the wire.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  bytes: Buffer | Blob;
  name?: string;
  type?: string;
}

/** POST /api/uploads as a browser sends it: multipart, field `file`, the app's Origin. */
export async function postUpload(
  t: TestApp,
  who: Pick<Person, "cookie"> | null,
  files: FilePart | FilePart[],
  field = "file",
): Promise<Response> {
  const form = new FormData();
  for (const file of Array.isArray(files) ? files : [files]) {
    const blob = file.bytes instanceof Blob ? file.bytes : new Blob([new Uint8Array(file.bytes)]);
    form.append(field, new File([blob], file.name ?? "photo.jpg", { type: file.type ?? "" }));
  }
  const headers: Record<string, string> = { origin: t.env.publicUrl };
  if (who) headers.cookie = who.cookie;
  return t.app.request("/api/uploads", { method: "POST", headers, body: form });
}

/** Uploads `bytes` and expects it to work. */
export async function upload(
  t: TestApp,
  who: Pick<Person, "cookie">,
  bytes: Buffer,
  type = "image/jpeg",
): Promise<Upload> {
  const response = await postUpload(t, who, { bytes, type });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text}`);
  return JSON.parse(text) as Upload;
}

/** The names in DATA_DIR/uploads (none when the folder doesn't exist yet). */
export function storedFiles(t: TestApp): string[] {
  try {
    return readdirSync(path.join(t.env.dataDir, "uploads")).sort();
  } catch {
    return [];
  }
}

export async function uploadRows(t: TestApp): Promise<number> {
  const row = await t.deps.db
    .selectFrom("uploads")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** GET of a photo url: the bytes and the headers. */
export async function fetchPhoto(t: TestApp, url: string) {
  const response = await t.app.request(url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}
