import sharp from "sharp";
import { AppError } from "../../errors";
import { inTurn } from "./photo-queue";

/**
 * Turns an uploaded file into the two WebP files ReRide stores, entirely in
 * memory: nothing is written until this has succeeded.
 */

export type PhotoFormat = "jpeg" | "png" | "webp";

/**
 * The format by the file's first bytes, the only thing decided before sharp
 * sees the file: sharp (libvips) also reads SVG, GIF, TIFF, HEIF, PDF and
 * more, and none of those decoders should ever run on a stranger's upload.
 */
export function sniffFormat(bytes: Uint8Array): PhotoFormat | null {
  const starts = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // "RIFF" <size> "WEBP"
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/**
 * 40 megapixels. Decoding is where memory goes: an image that must be
 * rotated is held whole, 3–4 bytes a pixel, so 40 MP is at most ~160 MB per
 * upload. It is above what phones save by default (12 MP) and most cameras
 * (24–36 MP); the rare 48–50 MP "full resolution" phone shot is refused with
 * a message, and listings show 1600 px anyway. It also stops a
 * decompression bomb (a small file declaring 30000×30000) before decoding.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The sizes stored: a bike page's photo, one for phones, and a card's thumbnail. Never enlarged. */
const SIZES = {
  // The height cap keeps a freak panorama (200×16000) from becoming a huge file.
  large: { width: 1600, height: 3200, quality: 82 },
  medium: { width: 800, height: 1600, quality: 80 },
  thumb: { width: 400, height: 800, quality: 75 },
} as const;

export interface ProcessedPhoto {
  large: Buffer;
  medium: Buffer;
  thumb: Buffer;
  /** Of the large version, after rotation. */
  width: number;
  height: number;
}

const unsupported = () =>
  new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    "This file is not a JPEG, PNG or WebP photo. Choose a photo in one of those formats.",
  );
const unreadable = () =>
  new AppError(
    "BAD_REQUEST",
    "This photo is damaged or incomplete and can't be read. Try exporting it again.",
  );
const tooManyPixels = () =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `This photo has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Send a smaller version.`,
  );

// "error" fails on truncated and corrupt pixel data (a cut-off upload), but
// not on the harmless libjpeg warnings some cameras' files raise; every
// pixel is decoded and re-encoded, so nothing a warning is about survives.
const inputOptions = {
  failOn: "error",
  limitInputPixels: MAX_INPUT_PIXELS,
  // One frame of an animated WebP or PNG: a listing photo is a still.
  pages: 1,
} as const;

async function checkHeader(input: Buffer, sniffed: PhotoFormat) {
  const metadata = await sharp(input, inputOptions)
    .metadata()
    .catch((error: unknown) => {
      throw isPixelLimit(error) ? tooManyPixels() : unreadable();
    });
  // sharp picks its decoder by the same bytes; anything else is a crafted file.
  if (metadata.format !== sniffed) throw unsupported();
  const { width = 0, height = 0 } = metadata;
  if (width < 1 || height < 1) throw unreadable();
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
}

function isPixelLimit(error: unknown) {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

async function encode(input: Buffer, size: (typeof SIZES)[keyof typeof SIZES]) {
  // The output carries no metadata at all: sharp writes EXIF (GPS, camera,
  // times), XMP, IPTC, comments and the ICC profile only when asked to, and
  // it isn't. Colours are converted to sRGB first, so dropping the profile
  // doesn't change them.
  return sharp(input, inputOptions)
    .autoOrient()
    .resize({ width: size.width, height: size.height, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .webp({ quality: size.quality })
    .toBuffer({ resolveWithObject: true });
}

/** The stored versions of an upload, or a 4xx AppError saying what is wrong with it. */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const sniffed = sniffFormat(input);
  if (!sniffed) throw unsupported();
  return inTurn(async () => {
    await checkHeader(input, sniffed);
    return encodeBoth(input);
  });
}

async function encodeBoth(input: Buffer): Promise<ProcessedPhoto> {
  try {
    const [large, medium, thumb] = await Promise.all([
      encode(input, SIZES.large),
      encode(input, SIZES.medium),
      encode(input, SIZES.thumb),
    ]);
    return {
      large: large.data,
      medium: medium.data,
      thumb: thumb.data,
      width: large.info.width,
      height: large.info.height,
    };
  } catch (error) {
    if (isPixelLimit(error)) throw tooManyPixels();
    throw unreadable();
  }
}
