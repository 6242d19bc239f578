import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import { MAX_PHOTO_BYTES, type Upload } from "#src/shared/schemas/uploads";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import {
  fetchPhoto,
  gpsTags,
  noisy,
  phonePhoto,
  pngDeclaring,
  postUpload,
  storedFiles,
  upload,
  uploadRows,
  webpChunks,
} from "#tests/support/photos";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import type { PhotoStorage } from "./photo-storage";

let t: TestApp;
let seller: Person;
let buyer: Person;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
});
afterAll(() => t?.close());

async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

/** Both stored versions of an upload, decoded. */
async function storedVersions(uploaded: Upload) {
  return Promise.all(
    [uploaded.url, uploaded.thumbnailUrl].map(async (url) => {
      const { response, bytes } = await fetchPhoto(t, url);
      expect(response.status).toBe(200);
      return { bytes, metadata: await sharp(bytes).metadata() };
    }),
  );
}

/** Runs `attempt` and checks it left no file and no row behind. */
async function leavesNothing(attempt: () => Promise<void>) {
  const [files, rows] = [storedFiles(t), await uploadRows(t)];
  await attempt();
  expect(storedFiles(t)).toEqual(files);
  expect(await uploadRows(t)).toBe(rows);
}

describe("POST /api/uploads: valid photos", () => {
  test.each([
    { format: "jpeg", type: "image/jpeg", make: () => noisy(2400, 1800).jpeg().toBuffer() },
    // Over the API's usual 1 MiB body limit, which this route does not have.
    { format: "png", type: "image/png", make: () => noisy(1000, 800).png().toBuffer() },
    { format: "webp", type: "image/webp", make: () => noisy(800, 600).webp().toBuffer() },
  ])(
    "a $format is stored as WebP at ≈1600 and ≈400 px, never enlarged",
    async ({ format, type, make }) => {
      const input = await make();
      expect((await sharp(input).metadata()).format).toBe(format);
      if (format === "png") expect(input.length).toBeGreaterThan(1024 * 1024);

      const uploaded = await upload(t, seller, input, type);
      const { width: inputWidth = 0, height: inputHeight = 0 } = await sharp(input).metadata();
      const expectedWidth = Math.min(inputWidth, 1600);
      expect(uploaded).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: `/uploads/${uploaded.id}-large.webp`,
        thumbnailUrl: `/uploads/${uploaded.id}-thumb.webp`,
        width: expectedWidth,
        height: Math.round((expectedWidth * inputHeight) / inputWidth),
      });
      const [large, thumb] = await storedVersions(uploaded);
      expect(large?.metadata).toMatchObject({ format: "webp", width: expectedWidth });
      expect(thumb?.metadata).toMatchObject({ format: "webp", width: Math.min(inputWidth, 400) });
      expect(storedFiles(t)).toEqual(
        expect.arrayContaining([`${uploaded.id}-large.webp`, `${uploaded.id}-thumb.webp`]),
      );
    },
  );

  test("a small photo keeps its size", async () => {
    const uploaded = await upload(t, seller, await noisy(300, 200).png().toBuffer(), "image/png");
    expect([uploaded.width, uploaded.height]).toEqual([300, 200]);
    const [, thumb] = await storedVersions(uploaded);
    expect([thumb?.metadata.width, thumb?.metadata.height]).toEqual([300, 200]);
  });

  test("the type is decided by the content: a PNG named photo.jpg sent as image/jpeg is fine", async () => {
    const response = await postUpload(t, seller, {
      bytes: await noisy(200, 150).png().toBuffer(),
      name: "photo.jpg",
      type: "image/jpeg",
    });
    expect(response.status).toBe(201);
  });

  test("a sideways phone photo is turned upright by its EXIF orientation", async () => {
    const sideways = await noisy(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const uploaded = await upload(t, seller, sideways);
    expect([uploaded.width, uploaded.height]).toEqual([200, 400]);
    const [large] = await storedVersions(uploaded);
    expect(large?.metadata).toMatchObject({ width: 200, height: 400 });
    expect(large?.metadata.orientation).toBeUndefined();
  });

  test("GPS, camera, XMP and colour profile are gone from both stored versions", async () => {
    const input = await phonePhoto();
    const before = await sharp(input).metadata();
    // Latitude and longitude with their N/E references: the seller's home.
    expect(gpsTags(before.exif)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const uploaded = await upload(t, seller, input);
    for (const { bytes, metadata } of await storedVersions(uploaded)) {
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      // Nor any trace in the file: WebP keeps metadata in chunks of its own, and the
      // photo's own words (longer than chance would make of random pixels) are nowhere.
      expect(webpChunks(bytes).filter((chunk) => ["EXIF", "XMP ", "ICCP"].includes(chunk))).toEqual(
        [],
      );
      for (const words of ["ReRidePhone", "Seller at home"]) {
        expect(bytes.includes(Buffer.from(words, "latin1"))).toBe(false);
      }
    }
  });
});

describe("POST /api/uploads: anything else gets a clear 4xx and leaves nothing behind", () => {
  const elf = Buffer.concat([Buffer.from("\x7fELF\x02\x01\x01\0", "latin1"), Buffer.alloc(4096)]);
  const exe = Buffer.concat([Buffer.from("MZ\x90\0\x03\0\0\0", "latin1"), Buffer.alloc(4096)]);
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );

  test.each([
    { what: "a Linux executable renamed .jpg", bytes: async () => elf },
    { what: "a Windows executable renamed .jpg", bytes: async () => exe },
    { what: "a GIF", bytes: () => noisy(40, 30).gif().toBuffer() },
    { what: "an SVG", bytes: async () => svg },
    { what: "a TIFF", bytes: () => noisy(40, 30).tiff().toBuffer() },
    { what: "plain text", bytes: async () => Buffer.from("just some words, not a photo") },
  ])("$what sent as image/jpeg → 415", async ({ bytes }) => {
    const body = await bytes();
    await leavesNothing(async () => {
      const response = await postUpload(t, seller, {
        bytes: body,
        name: "photo.jpg",
        type: "image/jpeg",
      });
      expect(response.status).toBe(415);
      const error = await errorOf(response);
      expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(error.message).toMatch(/JPEG, PNG or WebP/);
    });
  });

  test("a truncated JPEG → 400", async () => {
    const whole = await noisy(800, 600).jpeg().toBuffer();
    await leavesNothing(async () => {
      const response = await postUpload(t, seller, {
        bytes: whole.subarray(0, Math.floor(whole.length * 0.6)),
      });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(/damaged or incomplete/);
    });
  });

  test("a JPEG whose data is garbage after a valid start → 400", async () => {
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
    await leavesNothing(async () => {
      const response = await postUpload(t, seller, { bytes: corrupt });
      expect(response.status).toBe(400);
    });
  });

  test("a decompression bomb (a tiny PNG declaring 30000×30000) → 413 before decoding", async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 30_000,
      height: 30_000,
    });
    await leavesNothing(async () => {
      const response = await postUpload(t, seller, { bytes: bomb, type: "image/png" });
      expect(response.status).toBe(413);
      expect((await errorOf(response)).message).toMatch(/megapixels/);
    });
  });

  test("a 50 MB body → 413", async () => {
    const huge = new Blob([Buffer.alloc(50 * 1024 * 1024, 0xff)]);
    await leavesNothing(async () => {
      const response = await postUpload(t, seller, { bytes: huge });
      expect(response.status).toBe(413);
      const error = await errorOf(response);
      expect(error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(error.message).toMatch(/10 MB/);
    });
  });

  test("a 50 MB body announced by Content-Length is refused without reading it", async () => {
    await leavesNothing(async () => {
      const response = await t.app.request("/api/uploads", {
        method: "POST",
        headers: {
          origin: t.env.publicUrl,
          cookie: seller.cookie,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(50 * 1024 * 1024),
        },
        body: "--x--",
      });
      expect(response.status).toBe(413);
    });
  });

  test("a file one byte over 10 MB → 413, though its multipart body fits the route's limit", async () => {
    const start = await noisy(100, 100).jpeg().toBuffer();
    const file = Buffer.concat([start, Buffer.alloc(MAX_PHOTO_BYTES + 1 - start.length)]);
    await leavesNothing(async () => {
      const response = await postUpload(t, seller, { bytes: file });
      expect(response.status).toBe(413);
      expect((await errorOf(response)).message).toMatch(/10 MB/);
    });
  });

  test("an empty file, no file, two files or a JSON body → 400", async () => {
    await leavesNothing(async () => {
      const empty = await postUpload(t, seller, { bytes: Buffer.alloc(0) });
      expect(empty.status).toBe(400);
      const photo = await noisy(40, 30).jpeg().toBuffer();
      const misnamed = await postUpload(t, seller, { bytes: photo }, "photo");
      expect(misnamed.status).toBe(400);
      expect((await errorOf(misnamed)).fields).toEqual({ file: expect.any(String) });
      const two = await postUpload(t, seller, [{ bytes: photo }, { bytes: photo }]);
      expect(two.status).toBe(400);
      const json = await t.request("/api/uploads", { body: { file: "x" }, cookie: seller.cookie });
      expect(json.status).toBe(400);
    });
  });

  test("buyers → 403, anonymous → 401, an admin without a seller account → 403", async () => {
    const photo = await noisy(40, 30).jpeg().toBuffer();
    const admin = await theAdmin(t);
    await leavesNothing(async () => {
      const asBuyer = await postUpload(t, buyer, { bytes: photo });
      expect([asBuyer.status, (await errorOf(asBuyer)).code]).toEqual([403, "FORBIDDEN"]);
      const anonymous = await postUpload(t, null, { bytes: photo });
      expect([anonymous.status, (await errorOf(anonymous)).code]).toEqual([401, "UNAUTHENTICATED"]);
      expect((await postUpload(t, admin, { bytes: photo })).status).toBe(403);
    });
  });

  test("when the database refuses the row, the files already written are removed", async () => {
    const failing =
      t.deps.dialect === "postgres"
        ? [
            sql`create function refuse_upload() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
            sql`create trigger refuse_upload before insert on uploads for each row execute function refuse_upload()`,
          ]
        : [
            sql`create trigger refuse_upload before insert on uploads begin select raise(abort, 'refused'); end`,
          ];
    for (const statement of failing) await statement.execute(t.deps.db);
    try {
      await leavesNothing(async () => {
        const response = await postUpload(t, seller, {
          bytes: await noisy(300, 200).jpeg().toBuffer(),
        });
        expect(response.status).toBe(500);
      });
    } finally {
      await sql`drop trigger refuse_upload${t.deps.dialect === "postgres" ? sql` on uploads` : sql``}`.execute(
        t.deps.db,
      );
    }
  });

  test("when storing the second file fails, the first is removed", async () => {
    const disk = t.deps.photos;
    const failingThumbs: PhotoStorage = {
      ...disk,
      put: async (key, data) => {
        if (key.endsWith("-thumb.webp")) throw new Error("disk full");
        await disk.put(key, data);
      },
    };
    t.deps.photos = failingThumbs;
    try {
      await leavesNothing(async () => {
        const response = await postUpload(t, seller, {
          bytes: await noisy(300, 200).jpeg().toBuffer(),
        });
        expect(response.status).toBe(500);
      });
    } finally {
      t.deps.photos = disk;
    }
  });
});

describe("GET /uploads/:key", () => {
  let uploaded: Upload;
  beforeAll(async () => {
    uploaded = await upload(t, seller, await noisy(640, 480).jpeg().toBuffer());
  });

  test("serves the WebP to anyone, cached for a year, never sniffed", async () => {
    for (const url of [uploaded.url, uploaded.thumbnailUrl]) {
      const { response, bytes } = await fetchPhoto(t, url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
      expect((await sharp(bytes).metadata()).format).toBe("webp");
    }
  });

  test("a phone-sized version ≈800 px wide is stored beside the others", async () => {
    const wide = await upload(t, seller, await noisy(2000, 1500).jpeg().toBuffer());
    const { response, bytes } = await fetchPhoto(t, `/uploads/${wide.id}-medium.webp`);
    expect(response.status).toBe(200);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 800 });
  });

  test("a photo uploaded before the phone size existed serves its large file there", async () => {
    const old = await upload(t, seller, await noisy(1000, 750).jpeg().toBuffer());
    await t.deps.photos.delete(`${old.id}-medium.webp`);
    const medium = await fetchPhoto(t, `/uploads/${old.id}-medium.webp`);
    const large = await fetchPhoto(t, old.url);
    expect(medium.response.status).toBe(200);
    expect(medium.bytes.equals(large.bytes)).toBe(true);
  });

  test("unknown keys, other names and paths → 404", async () => {
    const paths = [
      `/uploads/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}-large.webp`,
      `/uploads/${uploaded.id.toUpperCase()}-large.webp`,
      `/uploads/${uploaded.id}-large.png`,
      `/uploads/${uploaded.id}`,
      "/uploads/reride.sqlite",
      "/uploads/..%2Freride.sqlite",
      "/uploads/..%2F..%2F..%2Fetc%2Fpasswd",
      "/uploads/%2e%2e%2fauth-secret",
    ];
    for (const path of paths) {
      const response = await t.app.request(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers.get("content-type")).not.toBe("image/webp");
    }
  });
});
